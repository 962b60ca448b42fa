import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { players } from '../leaderboard/tables.js';
import {
  newsArticles,
  newsComments,
  newsPollBallotOptions,
  newsPollBallots,
  newsPollOptions,
  newsPollOptionTranslations,
  newsPolls,
  newsPollTranslations,
  newsTranslations,
} from './tables.js';
import { defineSeeder } from '../../db/seed.js';
import type { Rng } from '../../lib/random.js';
import { COMMENT_RULE_DEFAULTS } from '@landing/domain';
import { LOCALE_CODES, SERVERS, type LocaleCode, type ServerCode } from '@landing/domain';
import { DEMO_ACCOUNTS } from '../auth/seed.js';
import { COMMENT_LANG_WEIGHTS, SEED_ARTICLES, SEED_COMMENTS, type SeedArticle } from './seed-articles.js';
import { renderNewsImage } from './seed-images.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Replaces `{server}` (display name) and `{serverCode}` (route value) in a seed text. */
export function fillServer(text: string, server: ServerCode): string {
  return text.replaceAll('{serverCode}', server).replaceAll('{server}', SERVERS[server].name);
}

/** Picks `n` distinct items (fewer when the list is shorter). */
function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng.next() * pool.length), 1)[0]!);
  return out;
}

/** Index by weight. */
function weightedIndex(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

async function seedPoll(
  tx: Db,
  rng: Rng,
  articleId: number,
  article: SeedArticle,
  publishedAt: Date,
  now: Date,
  roster: ReadonlyArray<{ id: number; ovr: number }>,
): Promise<number> {
  const poll = article.poll!;
  const finishAt = new Date(now.getTime() + poll.finishInDays * DAY);
  const [row] = await tx
    .insert(newsPolls)
    .values({ articleId, type: poll.type, limitOvr: poll.limitOvr, finishAt, createdAt: publishedAt })
    .returning({ id: newsPolls.id });
  const pollId = row!.id;
  await tx.insert(newsPollTranslations).values(LOCALE_CODES.map((lang) => ({ pollId, lang, question: poll.question[lang] })));
  const optionIds: number[] = [];
  for (const [position, texts] of poll.options.entries()) {
    const [o] = await tx.insert(newsPollOptions).values({ pollId, position }).returning({ id: newsPollOptions.id });
    optionIds.push(o!.id);
    await tx.insert(newsPollOptionTranslations).values(LOCALE_CODES.map((lang) => ({ optionId: o!.id, lang, answer: texts[lang] })));
  }
  // Ballots from real players of the server who could vote.
  const eligible = roster.filter((p) => p.ovr >= poll.limitOvr);
  const voters = sample(rng, eligible, Math.min(Math.floor(eligible.length * 0.4), rng.int(70, 180)));
  const votingEnd = Math.min(finishAt.getTime(), now.getTime());
  for (const voter of voters) {
    const createdAt = new Date(publishedAt.getTime() + rng.next() * Math.max(HOUR, votingEnd - publishedAt.getTime()));
    const [ballot] = await tx
      .insert(newsPollBallots)
      .values({ pollId, playerId: voter.id, createdAt })
      .returning({ id: newsPollBallots.id });
    const picks = new Set<number>([weightedIndex(rng, poll.weights)]);
    if (poll.type === 'multiple') {
      const extra = rng.int(0, 2);
      for (let i = 0; i < extra; i++) picks.add(weightedIndex(rng, poll.weights));
    }
    await tx.insert(newsPollBallotOptions).values([...picks].map((i) => ({ ballotId: ballot!.id, optionId: optionIds[i]! })));
  }
  return voters.length;
}

/**
 * News seed: the editorial calendar of {@link SEED_ARTICLES} on every server —
 * 13 articles across the last ten weeks, ten of them in all nine languages, with generated SVG
 * images; an open single-choice poll, an open multiple-choice poll (minimum OVR 60) and an ended
 * poll with ballots from the server's players; comments with replies written by players allowed
 * to comment. The demo accounts of the auth seed are left without ballots and comments.
 */
export default defineSeeder({
  domain: 'news',
  order: 200,
  async seedServer(tx, { server, rng, now }) {
    // The demo accounts' players (auth seed) start without ballots and comments, so people and
    // tests can vote and comment with them.
    const notDemo = notInArray(
      players.nickname,
      DEMO_ACCOUNTS.map((d) => d.nickname),
    );
    const roster = await tx
      .select({ id: players.id, ovr: players.ovr })
      .from(players)
      .where(and(eq(players.server, server), notDemo))
      .orderBy(players.id);
    const commenters = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.server, server), notDemo, gt(players.ovr, COMMENT_RULE_DEFAULTS.minOvr)))
      .orderBy(sql`${players.lastSeenAt} desc nulls last`, players.id)
      .limit(300);
    const commentLangs = COMMENT_LANG_WEIGHTS[server];

    let comments = 0;
    let ballots = 0;
    for (const [index, article] of SEED_ARTICLES.entries()) {
      const publishedAt = new Date(now.getTime() - article.daysAgo * DAY - rng.int(1, 10) * HOUR - rng.int(0, 59) * 60_000);
      const [row] = await tx
        .insert(newsArticles)
        .values({
          server,
          slug: article.slug,
          publishedAt,
          imageSvg: renderNewsImage(article.image, index),
          createdAt: publishedAt,
          updatedAt: publishedAt,
        })
        .returning({ id: newsArticles.id });
      const articleId = row!.id;
      const texts = Object.entries(article.text) as Array<[LocaleCode, { title: string; excerpt: string; body: string }]>;
      await tx.insert(newsTranslations).values(
        texts.map(([lang, t]) => ({
          articleId,
          lang,
          title: fillServer(t.title, server),
          excerpt: fillServer(t.excerpt, server),
          bodyHtml: fillServer(t.body, server),
        })),
      );
      if (article.poll) ballots += await seedPoll(tx, rng, articleId, article, publishedAt, now, roster);

      if (commenters.length === 0) continue;
      const topCount = rng.int(article.comments.min, article.comments.max);
      const span = Math.max(HOUR, now.getTime() - publishedAt.getTime() - HOUR);
      for (let i = 0; i < topCount; i++) {
        const lang = rng.weighted(commentLangs as Record<string, number>) as keyof typeof SEED_COMMENTS;
        const pool = SEED_COMMENTS[lang];
        const at = publishedAt.getTime() + HOUR + rng.next() * span * 0.7;
        const [top] = await tx
          .insert(newsComments)
          .values({ articleId, playerId: rng.pick(commenters).id, body: rng.pick(pool.top), createdAt: new Date(at) })
          .returning({ id: newsComments.id });
        comments++;
        const replies = rng.chance(0.55) ? rng.int(1, 3) : 0;
        for (let r = 0; r < replies; r++) {
          const replyAt = at + (r + 1) * rng.next() * Math.max(HOUR, (now.getTime() - at) / 4);
          await tx.insert(newsComments).values({
            articleId,
            parentId: top!.id,
            playerId: rng.pick(commenters).id,
            body: rng.pick(pool.replies),
            createdAt: new Date(Math.min(replyAt, now.getTime() - 60_000)),
          });
          comments++;
        }
      }
    }
    return `${SEED_ARTICLES.length} articles, ${comments} comments, ${ballots} ballots`;
  },
  async resetServer(tx, server) {
    // Translations, comments, polls, options and ballots cascade from the articles.
    await tx.delete(newsArticles).where(eq(newsArticles.server, server));
  },
});
