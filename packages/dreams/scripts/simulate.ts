/**
 * Prints a readable simulated Dreams game, narrated with the secrets shown.
 * Usage: npm run simulate -- --players 5 --seed 42
 */
import { sha256Hex } from "@firmament/game-kit";
import { apply } from "../src/apply";
import { verifyCommitment } from "../src/commitment";
import { createGame } from "../src/setup";
import { mulberry32, randomLegalAction } from "../src/testing";
import { COLOURS, type DreamsEvent, type DreamsState, type Guess, type PlacedStar } from "../src/types";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value)) throw new Error(`--${name} needs a whole number`);
  return value;
}

process.stdout.on("error", () => process.exit(0));
const players = option("players", 5);
const seed = option("seed", 42);
if (players < 3 || players > 6) {
  console.error("--players must be 3 to 6");
  process.exit(2);
}

const deck = Array.from({ length: 96 }, (_, i) => `dream-${String(i + 1).padStart(2, "0")}`);
const gameSeed = sha256Hex(`firmament-simulation:${seed}`);
const created = createGame({ colours: COLOURS.slice(0, players), deck, seed: gameSeed });
if (!created.ok) throw new Error(created.error.message);

const SYMBOL = { clear: "○", gray: "◐", black: "●" } as const;
const name = (state: DreamsState, seat: number) => `${state.colours[seat]} (seat ${seat + 1})`;
const describeGuess = (guess: Guess) => ("image" in guess ? `image ${guess.image}` : guess.colour);

function sky(stars: readonly PlacedStar[]): string[] {
  const cols = 32;
  const rows = 16;
  const grid = Array.from({ length: rows }, () => Array.from({ length: cols }, () => " "));
  stars.forEach((star, order) => {
    const row = grid[Math.min(rows - 1, Math.floor(star.y * rows))] as string[];
    row[Math.min(cols - 1, Math.floor(star.x * cols))] = order < 9 ? String(order + 1) : SYMBOL[star.kind];
  });
  return [
    `    +${"-".repeat(cols)}+`,
    ...grid.map((r) => `    |${r.join("")}|`),
    `    +${"-".repeat(cols)}+`,
  ];
}

function narrate(state: DreamsState, event: DreamsEvent): string[] {
  switch (event.type) {
    case "round_started":
      return [
        "",
        `=== Round ${event.round} — dealer ${name(state, event.dealer)} ===`,
        `  Dreams laid out:  1 ${event.cards[0]}   2 ${event.cards[1]}`,
        `                    3 ${event.cards[2]}   4 ${event.cards[3]}`,
        `  Commitment: ${event.commitment}`,
        `  (narrator) The true vision is image ${event.vision}; the mortal is ${name(state, event.mortal)}.`,
      ];
    case "star_placed":
      return [
        `  ${String(event.order).padStart(2)}. ${name(state, event.seat).padEnd(18)} ${SYMBOL[event.kind]} ${event.kind.padEnd(5)} at (${event.x.toFixed(3)}, ${event.y.toFixed(3)})`,
      ];
    case "guess_made":
      return [];
    case "round_revealed": {
      const { secret, guesses, scoring } = event.result;
      return [
        "  The firmament (numbers: placing order):",
        ...sky(state.round.stars),
        "  Guesses:",
        ...guesses.map((g, seat) => `    ${name(state, seat).padEnd(18)} → ${describeGuess(g)}`),
        `  Reveal: vision ${secret.vision}, mortal ${name(state, secret.mortal)}; commitment ${verifyCommitment(state.round.commitment, secret) ? "verified" : "MISMATCH"}.`,
        "  Scoring:",
        ...scoring.map(
          (s) =>
            `    ${name(state, s.seat).padEnd(18)} +${s.points} ${s.reasons.length ? `(${s.reasons.join(", ")})` : ""} → ${event.scores[s.seat]}`,
        ),
      ];
    }
    case "player_ready":
      return [];
    case "game_ended":
      return [
        "",
        "=== Final standings ===",
        ...event.scores
          .map((score, seat) => ({ score, seat }))
          .sort((a, b) => b.score - a.score)
          .map(
            ({ score, seat }) =>
              `  ${name(state, seat).padEnd(18)} ${score}${event.winners.includes(seat) ? "  ★ winner" : ""}`,
          ),
      ];
  }
}

let state = created.value;
console.log(`Dreams — a simulated game for ${players} players, seed ${seed}`);
console.log(`Players in seating order: ${state.colours.map((_, s) => name(state, s)).join(", ")}`);
const r = state.round;
for (const line of narrate(state, {
  type: "round_started",
  round: r.number,
  dealer: r.dealer,
  cards: r.cards,
  vision: r.vision,
  mortal: r.mortal,
  salt: r.salt,
  commitment: r.commitment,
  pile: state.pile,
  discard: state.discard,
  rng: state.rng,
}))
  console.log(line);

const random = mulberry32(seed);
for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
  const result = apply(state, action);
  if (!result.ok) throw new Error(result.error.message);
  for (const event of result.value.events) {
    const lines = narrate(event.type === "round_revealed" ? state : result.value.state, event);
    for (const line of lines) console.log(line);
  }
  state = result.value.state;
}
