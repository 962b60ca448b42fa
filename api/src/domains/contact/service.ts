/** Contact messages (spec §2 contact modal): storing what the modal sends, for support. */
import type { LocaleCode, ServerCode } from '@landing/domain';
import type { ContactBody } from '@landing/domain/schemas/contact';
import type { Db } from '../../db/client.js';
import { contactMessages } from './tables.js';

/** What is stored with a contact message besides the body. */
export interface ContactOrigin {
  server: ServerCode;
  /** Interface language of the sender (`X-Lang`). */
  lang: LocaleCode;
  /** `X-Auth-Id` as claimed by the client (not verified), or null. Cut to 64 characters. */
  claimedUserId: string | null;
}

/**
 * Stores a contact message (body already validated and trimmed by `ContactBody`).
 * @returns the id of the stored row
 */
export async function storeContactMessage(db: Db, body: ContactBody, origin: ContactOrigin): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      server: origin.server,
      name: body.name,
      email: body.email,
      message: body.message,
      lang: origin.lang,
      claimedUserId: origin.claimedUserId?.slice(0, 64) ?? null,
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}
