/**
 * Component-test fixtures are API answers the API can really send (issue 14): the fixtures of
 * mf-bets and mf-news are built through `apiFixture` with the API's own answer schemas
 * (`@landing/domain/schemas/*`, the Fastify route schemas). This test parses each of them with
 * its schema, and checks that the helper refuses what the API could not answer.
 */
import '../mf-news/test/polyfills';
import { MatchesResponse, Match, RankingResponse, Tournament, TournamentsResponse } from '@landing/domain/schemas/bets';
import { NewsArticle, NewsComment, NewsPoll } from '@landing/domain/schemas/news';
import { apiFixture } from '@landing/domain/testing';
import * as bets from '../mf-bets/test/fixtures';
import * as news from '../mf-news/test/helpers';

describe('component-test fixtures match the API answer schemas', () => {
  test('mf-bets fixtures parse with the bets schemas', () => {
    for (const t of [bets.worldCup, bets.euro]) expect(Tournament.safeParse(t).success).toBe(true);
    for (const m of [bets.openMatch, bets.finishedMatch, bets.lockedMatch]) expect(Match.safeParse(m).success).toBe(true);
    expect(TournamentsResponse.safeParse(bets.tournaments).success).toBe(true);
    expect(MatchesResponse.safeParse(bets.matches).success).toBe(true);
    expect(RankingResponse.safeParse(bets.ranking()).success).toBe(true);
  });

  test('mf-news fixtures parse with the news schemas', () => {
    expect(NewsPoll.safeParse(news.openPoll()).success).toBe(true);
    expect(NewsComment.safeParse(news.comment(1, 'First comment here', [news.reply(2, 'A reply', 1)])).success).toBe(true);
    expect(NewsArticle.safeParse(news.article({ poll: news.openPoll(), has_poll: true })).success).toBe(true);
  });

  test('a fixture the API could not send is refused, naming where', () => {
    // A value outside the schema (a stage the API does not know).
    expect(() => apiFixture(Match, { ...bets.openMatch, stage: 'play_off' as never })).toThrow(/\$\.stage/);
    // A field the API never sends (its serializer drops unknown fields).
    expect(() => apiFixture(Tournament, { ...bets.worldCup, sponsor: 'ACME' } as never)).toThrow(/\$\.sponsor/);
    // A missing field.
    const { ended: _ended, ...withoutEnded } = news.openPoll();
    expect(() => apiFixture(NewsPoll, withoutEnded as never)).toThrow(/\$\.ended/);
    // Builders check their overrides too.
    expect(() => bets.ranking({ page: Number.NaN })).toThrow(/\$\.page/);
    expect(() => news.article({ lang: 'xx' as never })).toThrow(/\$\.lang/);
  });
});
