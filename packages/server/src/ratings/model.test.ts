import { describe, expect, it } from "vitest";
import { BOT_RATINGS, displayRating, NEW_RATING, placesOf, rateMatch } from "./model";

/**
 * Weng & Lin (2011), Algorithm 4 (Plackett-Luce), written out here from the paper's formulas rather
 * than taken from openskill, with openskill's documented choices: β = 25/6, τ = 25/300 added to σ
 * before the update, γ = σ_i / c, κ = 0.0001, and ties as in openskill (each term over the A_q players
 * sharing place q).
 */
function paperPlackettLuce(players: Array<{ mu: number; sigma: number; place: number }>) {
  const beta = 25 / 6;
  const tau = 25 / 300;
  const kappa = 1e-4;
  const sigmaSq = players.map((p) => p.sigma ** 2 + tau ** 2);
  const c = Math.sqrt(sigmaSq.reduce((sum, s) => sum + s + beta ** 2, 0));
  const e = players.map((p) => Math.exp(p.mu / c));
  // C_q: the sum of exp(μ/c) over everyone placed at q or lower; A_q: how many share q's place.
  const C = players.map((q) =>
    players.reduce((sum, i, k) => (i.place >= q.place ? sum + (e[k] as number) : sum), 0),
  );
  const A = players.map((q) => players.filter((i) => i.place === q.place).length);
  return players.map((player, i) => {
    let omega = 0;
    let delta = 0;
    for (const [q, other] of players.entries()) {
      if (other.place > player.place) continue;
      const p = (e[i] as number) / (C[q] as number);
      omega += ((i === q ? 1 : 0) - p) / (A[q] as number);
      delta += (p * (1 - p)) / (A[q] as number);
    }
    const s2 = sigmaSq[i] as number;
    const gamma = Math.sqrt(s2) / c;
    return {
      mu: player.mu + (s2 / c) * omega,
      sigma: Math.sqrt(s2 * Math.max(1 - (s2 / c ** 2) * gamma * delta, kappa)),
    };
  });
}

const rated = (players: Array<{ mu: number; sigma: number; place: number }>) =>
  rateMatch(players.map((p) => ({ before: { mu: p.mu, sigma: p.sigma }, place: p.place })));

describe("ratings: known answers", () => {
  it("two new players, one wins: the paper's values, worked by hand", () => {
    const players = [
      { ...NEW_RATING, place: 1 },
      { ...NEW_RATING, place: 2 },
    ];
    // By hand: σ² = (25/3)² + (1/12)² = 69.45139, c = √(2(σ² + β²)) = 13.17668, both win with p = ½:
    // Ω = ±σ²/c · ½ = ±2.63536; Δ = (σ/c)(σ²/c²)·¼ = 0.0632463; σ' = 8.33375·√(1 − Δ) = 8.06591.
    const [winner, loser] = rated(players);
    expect(winner?.mu).toBeCloseTo(27.63536, 4);
    expect(loser?.mu).toBeCloseTo(22.36464, 4);
    expect(winner?.sigma).toBeCloseTo(8.06591, 4);
    expect(loser?.sigma).toBeCloseTo(8.06591, 4);
    const paper = paperPlackettLuce(players);
    for (const [i, r] of rated(players).entries()) {
      expect(r.mu).toBeCloseTo(paper[i]?.mu as number, 10);
      expect(r.sigma).toBeCloseTo(paper[i]?.sigma as number, 10);
    }
  });

  it("two players tie: neither μ moves, both grow surer", () => {
    const players = [
      { mu: 25, sigma: 25 / 3, place: 1 },
      { mu: 25, sigma: 25 / 3, place: 1 },
    ];
    const [a, b] = rated(players);
    expect(a?.mu).toBeCloseTo(25, 10);
    expect(b?.mu).toBeCloseTo(25, 10);
    expect(a?.sigma).toBeCloseTo(8.06591, 4);
  });

  it("a strong player beaten by a weak one moves more than an expected result", () => {
    const upset = rated([
      { mu: 20, sigma: 4, place: 1 },
      { mu: 32, sigma: 4, place: 2 },
    ]);
    const expected = rated([
      { mu: 32, sigma: 4, place: 1 },
      { mu: 20, sigma: 4, place: 2 },
    ]);
    expect((upset[0]?.mu as number) - 20).toBeGreaterThan((expected[0]?.mu as number) - 32);
    const paper = paperPlackettLuce([
      { mu: 20, sigma: 4, place: 1 },
      { mu: 32, sigma: 4, place: 2 },
    ]);
    expect(upset[0]?.mu).toBeCloseTo(paper[0]?.mu as number, 10);
    expect(upset[1]?.sigma).toBeCloseTo(paper[1]?.sigma as number, 10);
  });

  it("five players with ties (places 1, 2, 2, 4, 5) and different ratings match the paper's formulas", () => {
    const players = [
      { mu: 27, sigma: 5, place: 2 },
      { mu: 25, sigma: 25 / 3, place: 1 },
      { mu: 30, sigma: 2, place: 4 },
      { mu: 18, sigma: 2, place: 2 },
      { mu: 22, sigma: 6.5, place: 5 },
    ];
    const ours = rated(players);
    const paper = paperPlackettLuce(players);
    for (const [i, r] of ours.entries()) {
      expect(r.mu).toBeCloseTo(paper[i]?.mu as number, 10);
      expect(r.sigma).toBeCloseTo(paper[i]?.sigma as number, 10);
    }
    // the winner gains, the last loses, every σ shrinks
    expect(ours[1]?.mu).toBeGreaterThan(25);
    expect(ours[4]?.mu).toBeLessThan(22);
    for (const [i, r] of ours.entries())
      expect(r.sigma).toBeLessThan(Math.hypot(players[i]?.sigma as number, 25 / 300));
  });

  it("five new players, all tied: nobody's μ moves", () => {
    const players = Array.from({ length: 5 }, () => ({ ...NEW_RATING, place: 1 }));
    const paper = paperPlackettLuce(players);
    for (const [i, r] of rated(players).entries()) {
      expect(r.mu).toBeCloseTo(25, 10);
      expect(r.sigma).toBeCloseTo(paper[i]?.sigma as number, 10);
    }
  });
});

describe("ratings: places and the figure shown", () => {
  it("winners first, then by score; equal scores share a place; abandoned seats come last", () => {
    expect(placesOf({ winners: [2], scores: [10, 7, 12, 7, 3] })).toEqual([2, 3, 1, 3, 5]);
    expect(placesOf({ winners: [0, 1], scores: [5, 5] })).toEqual([1, 1]);
    expect(placesOf({ winners: [1], scores: [3, 9] })).toEqual([2, 1]);
    // seat 2 won on points, but a bot finished it for them: their loss
    expect(placesOf({ winners: [2], scores: [10, 7, 12] }, new Set([2]))).toEqual([1, 2, 3]);
    expect(placesOf({ winners: [0], scores: [9, 5, 4] }, new Set([1, 2]))).toEqual([1, 2, 2]);
  });

  it("shows 1000 + 40 × (μ − 3σ): a new player 1000; bots' fixed ratings are public constants", () => {
    expect(displayRating(NEW_RATING)).toBe(1000);
    expect(displayRating({ mu: 30, sigma: 2 })).toBe(1000 + 40 * 24);
    expect(BOT_RATINGS.easy.mu).toBeLessThan(BOT_RATINGS.medium.mu);
    expect(BOT_RATINGS.medium.mu).toBeLessThan(BOT_RATINGS.hard.mu);
  });
});
