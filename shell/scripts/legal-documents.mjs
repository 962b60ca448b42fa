#!/usr/bin/env node
/**
 * The Terms and Conditions and the Privacy Policy as PDFs (spec §2 footer: "terms-and-conditions
 * PDF and privacy-policy PDF under /documents/"), built from the Markdown sources in
 * `shell/legal/<document>/<lang>.md` with pdfkit, in DejaVu Sans (the dejavu-fonts-ttf package:
 * Latin with Polish and Turkish letters, Cyrillic), so the build never depends on system fonts.
 *
 * Output (paths inside the shell's build, see {@link documentPath}):
 *   documents/terms-and-conditions.pdf, documents/privacy-policy.pdf        English
 *   documents/<lang>/terms-and-conditions.pdf, documents/<lang>/privacy-policy.pdf   other eight
 * A language without a source gets the English text at its path (so every link works).
 *
 * The shell's rspack build emits them as assets ({@link LegalDocumentsPlugin}); the command line
 * writes them to a folder for a look: `node shell/scripts/legal-documents.mjs /tmp/docs`.
 *
 * Markdown subset: `#` title, `##`/`###` headings, paragraphs, `-` and `1.` lists, **bold**,
 * _italic_, `code` and links (printed as text; the URL is kept as a PDF link).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { marked } from 'marked';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const shellDir = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Folder of the Markdown sources (LEGAL_DOCUMENTS_DIR overrides it, for tests). */
export const LEGAL_DIR = process.env.LEGAL_DOCUMENTS_DIR || join(shellDir, 'legal');

/** The documents, by source folder and published file name. */
export const DOCUMENTS = [
  { id: 'terms-and-conditions', file: 'terms-and-conditions.pdf' },
  { id: 'privacy-policy', file: 'privacy-policy.pdf' },
];
/** The site's nine languages (spec §1), product codes; `br` is Portuguese. */
export const LANGS = ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'];
/** ISO code of each language for the PDF's language tag. */
const ISO = { br: 'pt-BR' };

/** Path of a document inside the build: English at `documents/<file>`, others in `documents/<lang>/`. */
export function documentPath(file, lang) {
  return lang === 'en' ? `documents/${file}` : `documents/${lang}/${file}`;
}

const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONTS = {
  regular: join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  italic: join(FONT_DIR, 'DejaVuSans-Oblique.ttf'),
  boldItalic: join(FONT_DIR, 'DejaVuSans-BoldOblique.ttf'),
};

const COLOR = { text: '#1b2333', muted: '#5b667a', accent: '#1f7a4d', rule: '#c9d1de' };
const MARGIN = 56; // pt (A4 is 595 × 842 pt)

/** Plain text of inline tokens (headings, the PDF title). */
function plain(tokens = []) {
  return tokens.map((t) => (t.tokens ? plain(t.tokens) : (t.text ?? ''))).join('');
}

/** Flattens inline tokens into runs of text with their style. */
function runs(tokens = [], style = { bold: false, italic: false, link: null }) {
  const out = [];
  for (const t of tokens) {
    if (t.type === 'strong') out.push(...runs(t.tokens, { ...style, bold: true }));
    else if (t.type === 'em') out.push(...runs(t.tokens, { ...style, italic: true }));
    else if (t.type === 'link') out.push(...runs(t.tokens, { ...style, link: t.href }));
    else if (t.type === 'br') out.push({ text: '\n', ...style });
    else if (t.type === 'codespan') out.push({ text: decode(t.text), ...style, bold: true });
    else if (t.tokens) out.push(...runs(t.tokens, style));
    else out.push({ text: decode(t.text ?? t.raw ?? ''), ...style });
  }
  return out;
}

/** marked escapes `&<>"'` in text tokens; the PDF wants the characters. */
function decode(s) {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]);
}

function fontOf(r) {
  return r.bold && r.italic ? 'boldItalic' : r.bold ? 'bold' : r.italic ? 'italic' : 'regular';
}

/** Writes styled runs as one flowing paragraph at the current position. */
function writeRuns(doc, list, options) {
  const parts = list.filter((r) => r.text.length > 0);
  if (parts.length === 0) return;
  parts.forEach((r, i) => {
    doc.font(fontOf(r)).fillColor(r.link ? COLOR.accent : COLOR.text);
    doc.text(r.text, { ...options, continued: i < parts.length - 1, link: r.link ?? null, underline: false });
  });
}

function renderBlock(doc, token, width) {
  switch (token.type) {
    case 'heading': {
      if (token.depth === 1) {
        doc.font('bold').fontSize(20).fillColor(COLOR.text).text(plain(token.tokens), { width });
        doc.moveDown(0.3);
      } else {
        doc.moveDown(0.6);
        // Keep a heading with the start of its section.
        if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
        doc
          .font('bold')
          .fontSize(token.depth === 2 ? 13 : 11.5)
          .fillColor(COLOR.accent)
          .text(plain(token.tokens), { width });
        doc.moveDown(0.25);
      }
      doc.fontSize(10.5);
      break;
    }
    case 'paragraph':
      doc.fontSize(10.5);
      writeRuns(doc, runs(token.tokens), { width, lineGap: 2.5, align: 'left' });
      doc.moveDown(0.55);
      break;
    case 'list': {
      doc.fontSize(10.5);
      token.items.forEach((item, i) => {
        const marker = token.ordered ? `${Number(token.start || 1) + i}.` : '•';
        const y = doc.y;
        doc
          .font('regular')
          .fillColor(COLOR.muted)
          .text(marker, MARGIN + 4, y, { width: 16, lineBreak: false });
        doc.x = MARGIN + 22;
        doc.y = y;
        const inline = item.tokens.flatMap((t) => (t.type === 'text' && t.tokens ? t.tokens : t.type === 'paragraph' ? t.tokens : [t]));
        writeRuns(doc, runs(inline), { width: width - 22, lineGap: 2.5 });
        doc.x = MARGIN;
        doc.moveDown(0.25);
      });
      doc.moveDown(0.35);
      break;
    }
    case 'hr':
      doc.moveDown(0.3);
      doc
        .strokeColor(COLOR.rule)
        .lineWidth(0.7)
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .stroke();
      doc.moveDown(0.6);
      break;
    case 'space':
      break;
    default:
      // Anything else of Markdown (tables, code blocks) is printed as plain text.
      doc
        .font('regular')
        .fontSize(10.5)
        .fillColor(COLOR.text)
        .text(decode(token.text ?? token.raw ?? ''), { width });
      doc.moveDown(0.5);
  }
}

/**
 * Renders one Markdown source to a PDF.
 * @param {string} markdown the source; its `#` heading is the title
 * @param {{ lang: string }} meta product language code (`br` = Portuguese), the PDF's language tag
 * @returns {Promise<Buffer>}
 */
export function renderPdf(markdown, { lang }) {
  const tokens = marked.lexer(markdown);
  const title = plain(tokens.find((t) => t.type === 'heading' && t.depth === 1)?.tokens) || 'Football Team';
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: ISO[lang] ?? lang,
    displayTitle: true,
    // Fixed dates: the same source gives the same document.
    info: {
      Title: title,
      Author: 'Football Team',
      Subject: title,
      Creator: 'Football Team landing build',
      CreationDate: new Date(Date.UTC(2026, 10, 23)),
      ModDate: new Date(Date.UTC(2026, 10, 23)),
    },
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(9).fillColor(COLOR.accent).text('FOOTBALL TEAM', { width, characterSpacing: 1.5 });
  doc.moveDown(0.6);
  for (const token of tokens) renderBlock(doc, token, width);

  // Footer on every page: title and page n / total.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: lift the margin for the footer.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 18;
    doc
      .strokeColor(COLOR.rule)
      .lineWidth(0.5)
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .stroke();
    doc.font('regular').fontSize(8).fillColor(COLOR.muted);
    doc.text(title, MARGIN, y, { width: width - 60, lineBreak: false });
    doc.text(`${i + 1} / ${range.count}`, doc.page.width - MARGIN - 60, y, { width: 60, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

/** Source file of a document in a language, or null when that language has none. */
export function sourceOf(id, lang) {
  const file = join(LEGAL_DIR, id, `${lang}.md`);
  return existsSync(file) ? file : null;
}

/**
 * Every document in every language: Map of build path → PDF bytes. Languages without a source
 * get the English PDF.
 * @throws Error when an English source is missing
 */
export async function renderDocuments() {
  const out = new Map();
  for (const { id, file } of DOCUMENTS) {
    const englishSource = sourceOf(id, 'en');
    if (!englishSource) throw new Error(`legal document ${id}: the English source ${join(LEGAL_DIR, id, 'en.md')} is missing`);
    const english = await renderPdf(readFileSync(englishSource, 'utf8'), { lang: 'en' });
    for (const lang of LANGS) {
      const source = lang === 'en' ? englishSource : sourceOf(id, lang);
      out.set(documentPath(file, lang), source && lang !== 'en' ? await renderPdf(readFileSync(source, 'utf8'), { lang }) : english);
    }
  }
  return out;
}

/**
 * rspack plugin: emits the PDFs as assets of the shell's build (dist/documents/…), in production
 * and in the dev server alike. They are rendered once per process and again when a source
 * changes (sources are watched as build dependencies).
 */
export class LegalDocumentsPlugin {
  #cache = null;
  #stamp = '';

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('LegalDocumentsPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'LegalDocumentsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const sources = DOCUMENTS.flatMap(({ id }) => LANGS.map((lang) => sourceOf(id, lang)).filter(Boolean));
          for (const file of sources) compilation.fileDependencies.add(file);
          const stamp = sources.map((f) => `${f}\0${readFileSync(f, 'utf8')}`).join('\0');
          if (!this.#cache || stamp !== this.#stamp) {
            this.#cache = await renderDocuments();
            this.#stamp = stamp;
          }
          for (const [path, pdf] of this.#cache) compilation.emitAsset(path, new RawSource(pdf));
        },
      );
    });
  }
}

/** Command line: writes every PDF under the given folder. */
async function main() {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node shell/scripts/legal-documents.mjs <output folder>');
    process.exit(2);
  }
  for (const [path, pdf] of await renderDocuments()) {
    const file = join(outDir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pdf);
    console.log(`${file} (${Math.round(pdf.length / 1024)} KiB)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
