/**
 * Registration (spec §2, §5): the same work for a new and a known e-mail (docs/SECURITY.md V6) —
 * one insert that does nothing on a known e-mail, the same name check, one queued mail job.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { LocaleCode, ServerCode } from '@landing/domain';
import type { Db } from '../../db/client.js';
import { authAccounts, authTokens } from './tables.js';

/** A new account as the registration form sends it. */
export interface NewAccount {
  server: ServerCode;
  nickname: string;
  email: string;
  passwordHash: string;
  lang: LocaleCode;
  newsletter: boolean;
  /** The registration page's query parameters (partner, ref_id_track, …), non-empty strings only. */
  params: Record<string, string>;
}

class NicknameClash extends Error {}

/**
 * Inserts the account unless its e-mail is known (then nothing is inserted and nothing told), and
 * calls `queue` in the same transaction with the new account's id (null for a known e-mail).
 * @returns false when a concurrent registration took the name (nothing is kept)
 */
export async function registerAccount(
  db: Db,
  account: NewAccount,
  queue: (tx: Db, accountId: number | null) => Promise<void>,
): Promise<boolean> {
  const { server, nickname, email, params } = account;
  try {
    await db.transaction(async (tx) => {
      const [acc] = await tx
        .insert(authAccounts)
        .values({
          server,
          nickname,
          email,
          passwordHash: account.passwordHash,
          lang: account.lang,
          newsletter: account.newsletter,
          termsAcceptedAt: new Date(),
          registerParams: params,
          partner: params.partner ?? null,
          referrer: params.ref_id_track ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: authAccounts.id });
      // A concurrent registration took the name (the e-mail being known is not told).
      const takenName = and(
        eq(authAccounts.server, server),
        sql`lower(${authAccounts.nickname}) = lower(${nickname})`,
        sql`${authAccounts.email} IS DISTINCT FROM ${email}`,
      );
      const [clash] = await tx.select({ id: authAccounts.id }).from(authAccounts).where(takenName);
      if (clash) throw new NicknameClash();
      await queue(tx, acc?.id ?? null);
    });
  } catch (err) {
    if (err instanceof NicknameClash) return false;
    throw err;
  }
  return true;
}

/** Whether an activation e-mail went to the account in the last `windowS` seconds. */
export async function activationSentRecently(db: Db, accountId: number, windowS: number): Promise<boolean> {
  const [recent] = await db
    .select({ n: count() })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.kind, 'activation'),
        gt(authTokens.createdAt, new Date(Date.now() - windowS * 1000)),
      ),
    );
  return (recent?.n ?? 0) > 0;
}
