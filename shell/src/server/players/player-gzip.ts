/**
 * A shared player page (player-page.ts) sent as gzip without compressing the page for every
 * answer (docs/PERFORMANCE.md "Logged-in pages"). Compressing a 40–160 KB page per player costs
 * 1–5 ms of a core; at 1,000 pages a second that is the whole machine.
 *
 * The template's text between the holes is compressed once, each part as raw deflate ending in a
 * full flush (byte-aligned, no reference to what came before). Per answer only the player's own
 * parts (a nickname, its initial, the user object: tens of bytes) are compressed the same way; the
 * answer is a gzip header, the parts and holes in order, an empty final block, and the CRC-32 and
 * length of the whole text (RFC 1951 §3.2.3–3.2.4, RFC 1952). A deflate stream may be cut into such
 * independent pieces; no maintained library stitches precompressed pieces around per-answer
 * holes, hence this file. Brotli streams cannot be joined this way: players get gzip (every
 * browser that offers br offers gzip too) or identity.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { PlayerTemplate } from './player-page';

/** gzip member header: magic, deflate, no flags, no mtime, no extra flags, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty stored block (BFINAL=1, BTYPE=00, LEN=0, NLEN=0xFFFF): ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** Raw deflate of one piece, ending byte-aligned with a full flush (the next piece starts afresh). */
const deflatePiece = (text: Buffer, level: number) => deflateRawSync(text, { level, finishFlush: constants.Z_FULL_FLUSH });

/** A template with its text ready to send: as bytes, and each part compressed once. */
export interface SendableTemplate {
  holes: PlayerTemplate['holes'];
  /** The template's parts as UTF-8 bytes. */
  parts: Buffer[];
  /** The same parts, each raw deflate with a full flush. */
  deflated: Buffer[];
}

/**
 * Prepares a template for {@link playerPageBody}: encodes and compresses its parts (level 6:
 * once per cached page and page server process).
 */
export function sendableTemplate(template: PlayerTemplate): SendableTemplate {
  const parts = template.parts.map((p) => Buffer.from(p, 'utf8'));
  return { holes: template.holes, parts, deflated: parts.map((p) => deflatePiece(p, 6)) };
}

/**
 * The page with a player's own parts, as the answer's body.
 * @param values  the text of each kind of hole (player-page.ts `playerValues`)
 * @param encoding  `gzip` (a gzip member) or `identity` (the UTF-8 text)
 */
export function playerPageBody(
  template: SendableTemplate,
  values: Record<PlayerTemplate['holes'][number], string>,
  encoding: 'gzip' | 'identity',
): Buffer {
  const { parts, deflated, holes } = template;
  const own = holes.map((h) => Buffer.from(values[h], 'utf8'));
  if (encoding === 'identity') return Buffer.concat(parts.flatMap((p, i) => (i < own.length ? [p, own[i]!] : [p])));
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (let i = 0; i < parts.length; i++) {
    crc = crc32(parts[i]!, crc);
    size += parts[i]!.length;
    pieces.push(deflated[i]!);
    if (i < own.length) {
      crc = crc32(own[i]!, crc);
      size += own[i]!.length;
      pieces.push(deflatePiece(own[i]!, 1));
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
