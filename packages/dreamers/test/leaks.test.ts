/**
 * Counterfactual leak checks (docs/rules.md (Dreamers), "Who may know what"): the same game with hidden parts changed
 * — the other player's identity, hand or face-down card, both decks' order, the salt, the generator — must
 * look byte-for-byte the same to whoever may not know them, in views, in legal actions and in the events
 * of the next action.
 */
import {
  allViewers,
  blindLeaks,
  type Twin as KitTwin,
  playOut,
  problemsAlong,
  viewsThatDiffer,
} from "@firmament/game-kit/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../src/apply";
import { legalActions } from "../src/legal";
import { mulberry32, randomLegalAction } from "../src/testing";
import type { DreamersAction, DreamersEvent, DreamersState, Identity, Seat, Viewer } from "../src/types";
import { view, viewEvent } from "../src/view";
import { newGame } from "./helpers";

const GAMES = Number(process.env.DREAMERS_LEAK_GAMES ?? 60);

interface Twin extends KitTwin<DreamersState> {
  /** Whether the next action's events and views must match too (not when it may reveal the change). */
  andNext: boolean;
}

function withRound(state: DreamersState, change: Partial<DreamersState["round"]>): DreamersState {
  return { ...state, round: { ...state.round, ...change } };
}

/** The other seat's identity changed, where the rest of the deal allows it; before the round's end only. */
function identityTwin(state: DreamersState, seat: Seat): DreamersState | null {
  const { identities, unused, result } = state.round;
  if (!identities || !unused || result) return null;
  const swapped: [Identity, Identity] = [identities[0], identities[1]];
  if (identities[seat] === unused) return null; // swapping equal cards changes nothing
  swapped[seat] = unused;
  return withRound(state, { identities: swapped, unused: identities[seat] });
}

/** The seat's hand exchanged with cards from the bottom of the Dream deck. */
function handTwin(state: DreamersState, seat: Seat): DreamersState | null {
  const round = state.round;
  const hand = round.hands[seat] ?? [];
  const deck = round.dreamDeck;
  const k = Math.min(hand.length, deck.length);
  if (k === 0) return null;
  const hands: [string[], string[]] = [round.hands[0].slice(), round.hands[1].slice()];
  hands[seat] = [...deck.slice(deck.length - k), ...hand.slice(k)];
  return withRound(state, { hands, dreamDeck: [...deck.slice(0, deck.length - k), ...hand.slice(0, k)] });
}

/** The first player's face-down card exchanged with the bottom card of the Dream deck. */
function faceDownTwin(state: DreamersState): DreamersState | null {
  const round = state.round;
  const card = round.plays[0];
  const deck = round.dreamDeck;
  if (state.phase !== "second_play" || card === null || deck.length === 0) return null;
  return withRound(state, {
    plays: [deck[deck.length - 1] as string, null],
    dreamDeck: [...deck.slice(0, -1), card],
  });
}

/** Both decks' order, the generator and (before the reveal) the salt changed. */
function secretsTwin(state: DreamersState): DreamersState {
  const round = state.round;
  return {
    ...withRound(state, {
      dreamDeck: round.dreamDeck.slice().reverse(),
      nightmareDeck: round.nightmareDeck.slice().reverse(),
      salt: round.result ? round.salt : "f".repeat(32),
    }),
    rng: { key: "0".repeat(64), counter: 12345 },
  };
}

function twinsOf(state: DreamersState): Twin[] {
  const twins: Twin[] = [];
  const turnsUp = state.phase === "second_play";
  for (const seat of [0, 1] as Seat[]) {
    const blind: Viewer[] = [1 - seat, "spectator"];
    const identity = identityTwin(state, seat);
    if (identity) twins.push({ what: `seat ${seat}'s identity`, state: identity, blind, andNext: true });
    const hand = handTwin(state, seat);
    if (hand) twins.push({ what: `seat ${seat}'s hand`, state: hand, blind, andNext: true });
  }
  const faceDown = faceDownTwin(state);
  if (faceDown)
    twins.push({
      what: "the face-down card",
      state: faceDown,
      blind: [1 - state.round.first, "spectator"],
      andNext: !turnsUp,
    });
  twins.push({
    what: "decks, generator and salt",
    state: secretsTwin(state),
    blind: [0, 1, "spectator"],
    andNext: false,
  });
  return twins;
}

const json = (value: unknown) => JSON.stringify(value);

/** The phases in which a blind player's legal actions were compared across twins. */
const phasesCompared = new Set<string>();

/** Every way the twins of `state` tell apart what a blind viewer may not know. */
function leaks(state: DreamersState, next: ReturnType<typeof randomLegalAction>): string[] {
  const problems: string[] = [];
  for (const twin of twinsOf(state)) {
    problems.push(...blindLeaks({ view, legalActions }, state, twin, state.phase, phasesCompared, json));
    if (!twin.andNext || !next) continue;
    // The next action, by someone the change is hidden from, must play out the same for the blind.
    if (!twin.blind.includes(next.seat)) continue;
    const real = apply(state, next);
    const other = apply(twin.state, next);
    if (!real.ok || !other.ok) {
      problems.push(`${state.phase}: ${json(next)} accepted in one world only (${twin.what})`);
      continue;
    }
    const events = real.value.events;
    // A round's end reveals identities, and a new turn draws from the (changed) deck: legitimate differences.
    if (twin.what.includes("identity") && events.some((e) => e.type === "round_ended")) continue;
    if (twin.what.includes("hand") && events.some((e) => e.type === "turn_started")) continue;
    for (const viewer of twin.blind) {
      const seen = (list: DreamersEvent[]) => json(list.map((e) => viewEvent(e, viewer)));
      if (seen(events) !== seen(other.value.events))
        problems.push(`${state.phase}: events of ${json(next)} seen by ${viewer} depend on ${twin.what}`);
    }
    for (const viewer of viewsThatDiffer(view, real.value.state, other.value.state, twin.blind))
      problems.push(`${state.phase}: view of ${viewer} after ${json(next)} depends on ${twin.what}`);
  }
  return problems;
}

/** Nothing a viewer may not know appears by name in their serialised view. */
function namedSecrets(state: DreamersState): string[] {
  const problems: string[] = [];
  const round = state.round;
  for (const viewer of [0, 1, "spectator"] as Viewer[]) {
    const text = json(view(state, viewer));
    if (text.includes(state.rng.key)) problems.push(`view of ${viewer} holds the generator key`);
    if (!round.result && round.salt && text.includes(round.salt))
      problems.push(`view of ${viewer} holds the salt`);
    const hidden = [
      ...round.dreamDeck,
      ...round.hands.flatMap((hand, seat) => (seat === viewer ? [] : hand)),
    ];
    if (round.plays[1] === null && round.plays[0] !== null && viewer !== round.first)
      hidden.push(round.plays[0]);
    for (const id of hidden) if (text.includes(`"${id}"`)) problems.push(`view of ${viewer} names ${id}`);
  }
  return problems;
}

describe(`leaks over ${GAMES} random games`, () => {
  it("no view, legal action or event depends on what its viewer may not know", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const random = mulberry32(seed);
        const choose = (state: DreamersState) => randomLegalAction(state, random);
        const check = (state: DreamersState, next: DreamersAction | null) => [
          ...leaks(state, next),
          ...namedSecrets(state),
        ];
        expect(problemsAlong({ apply }, newGame(seed), choose, check)).toEqual([]);
      }),
      { numRuns: GAMES, seed: 4242 },
    );
    expect([...phasesCompared].sort()).toEqual(
      [
        "choosing",
        "closing",
        "first_play",
        "modify_first",
        "modify_second",
        "over",
        "round_over",
        "second_play",
      ].sort(),
    );
  });
});

describe("viewEvent", () => {
  /** The same event with the secrets `viewer` may not know changed. */
  function blinded(event: DreamersEvent, viewer: Viewer): DreamersEvent | null {
    const flip = (identity: Identity): Identity => (identity === "master" ? "dreamer" : "master");
    switch (event.type) {
      case "round_started":
        return {
          ...event,
          dreamDeck: event.dreamDeck.slice().reverse(),
          nightmareDeck: event.nightmareDeck.slice().reverse(),
          rng: { key: "1".repeat(64), counter: 1 },
        };
      case "identities_dealt": {
        const identities: [Identity, Identity] = [event.identities[0], event.identities[1]];
        if (viewer !== "spectator") identities[1 - viewer] = flip(identities[1 - viewer] as Identity);
        else identities.reverse();
        return {
          ...event,
          identities,
          unused: flip(event.unused),
          salt: "e".repeat(32),
          rng: { key: "2".repeat(64), counter: 2 },
        };
      }
      case "identity_chosen":
        return viewer === event.seat ? null : { ...event, identity: flip(event.identity) };
      case "turn_started": {
        const draws: [string[], string[]] = [event.draws[0], event.draws[1]];
        for (const seat of [0, 1])
          if (seat !== viewer) draws[seat] = (draws[seat] ?? []).map((_, i) => `dream-${i + 1}b`);
        return {
          ...event,
          draws,
          rng: { key: "3".repeat(64), counter: 3 },
          reshuffled: event.reshuffled?.slice().reverse() ?? null,
        };
      }
      case "card_played":
        return viewer === event.seat
          ? null
          : { ...event, card: event.card === "dream-1a" ? "dream-2a" : "dream-1a" };
      default:
        return null;
    }
  }

  it("shows each viewer the same event whatever its secrets for that viewer", () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const random = mulberry32(seed);
      const choose = (state: DreamersState) => randomLegalAction(state, random);
      playOut({ apply }, newGame(seed), choose, (_, events) => {
        for (const event of events)
          for (const viewer of allViewers(2)) {
            const twin = blinded(event, viewer);
            if (!twin) continue;
            expect(json(viewEvent(twin, viewer))).toBe(json(viewEvent(event, viewer)));
            checked++;
          }
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
