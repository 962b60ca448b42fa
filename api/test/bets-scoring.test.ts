import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  classify,
  compareStandings,
  DEFAULT_SCORING,
  parseScoring,
  pointsForHit,
  ScoringRules,
  scorePrediction,
  type StandingTotals,
} from '../src/domains/bets/scoring.js';

const s = (home: number, away: number) => ({ home, away });

describe('bets scoring: tiers', () => {
  it('exact score beats everything', () => {
    assert.equal(classify(s(2, 1), s(2, 1)), 'exact');
    assert.equal(classify(s(0, 0), s(0, 0)), 'exact');
    assert.equal(classify(s(3, 3), s(3, 3)), 'exact');
  });

  it('right winner and goal difference (not exact) is goal_difference', () => {
    assert.equal(classify(s(2, 1), s(3, 2)), 'goal_difference');
    assert.equal(classify(s(0, 2), s(1, 3)), 'goal_difference');
    assert.equal(classify(s(4, 0), s(5, 1)), 'goal_difference');
  });

  it('a draw with another score is only the outcome (no goal-difference tier for draws)', () => {
    assert.equal(classify(s(1, 1), s(0, 0)), 'outcome');
    assert.equal(classify(s(2, 2), s(1, 1)), 'outcome');
  });

  it('right winner with another difference is outcome', () => {
    assert.equal(classify(s(1, 0), s(3, 0)), 'outcome');
    assert.equal(classify(s(0, 1), s(2, 4)), 'outcome');
  });

  it('wrong winner or a draw against a win is a miss', () => {
    assert.equal(classify(s(2, 1), s(1, 2)), 'miss');
    assert.equal(classify(s(1, 1), s(1, 0)), 'miss');
    assert.equal(classify(s(0, 1), s(0, 0)), 'miss');
    assert.equal(classify(s(3, 0), s(0, 3)), 'miss');
  });

  it('points follow the rules of the tournament', () => {
    assert.deepEqual(scorePrediction(s(2, 1), s(2, 1)), { hit: 'exact', points: DEFAULT_SCORING.exact });
    assert.deepEqual(scorePrediction(s(2, 1), s(3, 2)), { hit: 'goal_difference', points: DEFAULT_SCORING.goalDifference });
    assert.deepEqual(scorePrediction(s(1, 1), s(2, 2)), { hit: 'outcome', points: DEFAULT_SCORING.outcome });
    assert.deepEqual(scorePrediction(s(0, 2), s(1, 0)), { hit: 'miss', points: 0 });
    const rules = { exact: 10, goalDifference: 6, outcome: 1 };
    assert.equal(scorePrediction(s(2, 1), s(2, 1), rules).points, 10);
    assert.equal(scorePrediction(s(2, 1), s(3, 2), rules).points, 6);
    assert.equal(scorePrediction(s(2, 1), s(4, 0), rules).points, 1);
    assert.equal(pointsForHit('miss', rules), 0);
  });

  it('the default rule is tiered 5 / 3 / 2', () => {
    assert.deepEqual(DEFAULT_SCORING, { exact: 5, goalDifference: 3, outcome: 2 });
  });

  it('rules must not reward a worse tier more than a better one; invalid stored rules fall back to the default', () => {
    assert.equal(ScoringRules.safeParse({ exact: 3, goalDifference: 4, outcome: 1 }).success, false);
    assert.equal(ScoringRules.safeParse({ exact: 3, goalDifference: 2, outcome: -1 }).success, false);
    assert.equal(ScoringRules.safeParse({ exact: 3.5, goalDifference: 2, outcome: 1 }).success, false);
    assert.equal(ScoringRules.safeParse({ exact: 3, goalDifference: 3, outcome: 3 }).success, true);
    assert.deepEqual(parseScoring({ exact: 'x' }), DEFAULT_SCORING);
    assert.deepEqual(parseScoring(null), DEFAULT_SCORING);
    assert.deepEqual(parseScoring({ exact: 7, goalDifference: 4, outcome: 1 }), { exact: 7, goalDifference: 4, outcome: 1 });
  });
});

describe('bets ranking tie-break', () => {
  const row = (playerId: number, totalPoints: number, exactScores: number, correctOutcomes: number): StandingTotals => ({
    playerId,
    totalPoints,
    exactScores,
    correctOutcomes,
  });

  it('orders by points, then exact scores, then correct outcomes, then the lower player id', () => {
    const rows = [row(9, 20, 1, 5), row(3, 25, 0, 9), row(7, 20, 2, 4), row(5, 20, 2, 6), row(4, 20, 2, 6), row(1, 0, 0, 0)];
    const sorted = [...rows].sort(compareStandings).map((r) => r.playerId);
    assert.deepEqual(sorted, [3, 4, 5, 7, 9, 1]);
  });

  it('is deterministic: any input order gives the same ranking', () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(100 - i, (i * 7) % 5, (i * 3) % 2, i % 3));
    const expected = [...rows].sort(compareStandings).map((r) => r.playerId);
    for (let k = 0; k < 5; k++) {
      const shuffled = [...rows].sort(() => Math.random() - 0.5);
      assert.deepEqual(
        shuffled.sort(compareStandings).map((r) => r.playerId),
        expected,
      );
    }
    // No two different players compare equal.
    for (const a of rows) for (const b of rows) if (a !== b) assert.notEqual(compareStandings(a, b), 0);
  });
});
