/**
 * Component-test fixtures are API answers the API can really send: the fixtures of every app
 * (mf-auth, mf-bets, mf-leaderboard, mf-news, shell) are built through `apiFixture` with the
 * API's own answer schemas (`@landing/domain/schemas/*`, the Fastify route schemas). This test
 * parses each of them with its schema, and checks that the helper refuses what the API could not
 * answer.
 */
import '../mf-news/test/polyfills';
import { CodeSentAnswer, LoginAnswer, MessageAnswer, ProvidersAnswer, TokenCheckAnswer } from '@landing/domain/schemas/auth';
import { MatchesResponse, Match, PredictionResponse, RankingResponse, Tournament, TournamentsResponse } from '@landing/domain/schemas/bets';
import { ServersResponse } from '@landing/domain/schemas/core';
import { LeaderboardResponse } from '@landing/domain/schemas/leaderboard';
import { NewsArticle, NewsCard, NewsComment, NewsPage, NewsPoll, VoteAnswer } from '@landing/domain/schemas/news';
import { apiFixture } from '@landing/domain/testing';
import * as auth from '../mf-auth/test/fixtures';
import * as bets from '../mf-bets/test/fixtures';
import * as leaderboard from '../mf-leaderboard/test/fixtures';
import * as news from '../mf-news/test/helpers';
import * as shell from '../shell/test/fixtures';

describe('component-test fixtures match the API answer schemas', () => {
  test('mf-bets fixtures parse with the bets schemas', () => {
    for (const t of [bets.worldCup, bets.euro]) expect(Tournament.safeParse(t).success).toBe(true);
    for (const m of [bets.openMatch, bets.finishedMatch, bets.lockedMatch]) expect(Match.safeParse(m).success).toBe(true);
    expect(TournamentsResponse.safeParse(bets.tournaments).success).toBe(true);
    expect(MatchesResponse.safeParse(bets.matches).success).toBe(true);
    expect(RankingResponse.safeParse(bets.ranking()).success).toBe(true);
    expect(PredictionResponse.safeParse(bets.predictionSaved(bets.openMatch)).success).toBe(true);
  });

  test('mf-news fixtures parse with the news schemas', () => {
    expect(NewsPoll.safeParse(news.openPoll()).success).toBe(true);
    expect(NewsComment.safeParse(news.comment(1, 'First comment here', [news.reply(2, 'A reply', 1)])).success).toBe(true);
    expect(NewsArticle.safeParse(news.article({ poll: news.openPoll(), has_poll: true })).success).toBe(true);
    expect(NewsCard.safeParse(news.card(2)).success).toBe(true);
    expect(NewsPage.safeParse(news.newsPage(1, [news.card(1), news.card(2)])).success).toBe(true);
    expect(VoteAnswer.safeParse(news.voteAnswer()).success).toBe(true);
  });

  test('mf-leaderboard fixtures parse with the leaderboard schema (row ids are numbers)', () => {
    for (const answer of [leaderboard.leaderboard, leaderboard.emptyLeaderboard]) {
      expect(LeaderboardResponse.safeParse(answer).success).toBe(true);
    }
    expect(typeof leaderboard.leaderboard.ranking[0]!.id).toBe('number');
    expect(typeof leaderboard.leaderboard.ranking_teams[0]!.id).toBe('number');
  });

  test('mf-auth fixtures parse with the auth schemas', () => {
    expect(LoginAnswer.safeParse(auth.loginAnswer('Striker')).success).toBe(true);
    expect(MessageAnswer.safeParse(auth.messageAnswer('Almost there!')).success).toBe(true);
    expect(ProvidersAnswer.safeParse(auth.providersAnswer([{ id: 'google', enabled: true }])).success).toBe(true);
    expect(TokenCheckAnswer.safeParse(auth.tokenCheckAnswer(true)).success).toBe(true);
    expect(CodeSentAnswer.safeParse(auth.codeSentAnswer).success).toBe(true);
  });

  test('shell fixtures parse with the core schemas', () => {
    expect(ServersResponse.safeParse(shell.serversAnswer(shell.API_SERVERS)).success).toBe(true);
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
    // The leaderboard's row ids are numbers: the string ids the old fixture used are refused.
    const [first, ...rest] = leaderboard.leaderboard.ranking;
    expect(() =>
      apiFixture(LeaderboardResponse, { ...leaderboard.leaderboard, ranking: [{ ...first!, id: 'p1' as never }, ...rest] }),
    ).toThrow(/\$\.ranking\.0\.id/);
    // A user's e-mail is null when the account has none, never missing.
    const { email: _email, ...noEmail } = auth.loginAnswer().user;
    expect(() => apiFixture(LoginAnswer, { ...auth.loginAnswer(), user: noEmail as never })).toThrow(/\$\.user\.email/);
  });
});
