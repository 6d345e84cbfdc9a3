/**
 * The frame-level leak checks of leak.test.ts (Dreams) and dreamers.test.ts (Dreamers), for tests that
 * play elsewhere (the cluster test): each frame a client received, checked against the true match
 * rebuilt from the stored log. Copied from those files, which keep their own copies.
 */

import { type DreamersEvent, type DreamersState, dreamers } from "@firmament/dreamers";
import { createGame, type DreamsState, replay, type Viewer } from "@firmament/engine";
import type { Viewer as KitViewer } from "@firmament/game-kit";
import type { ViewPush as AnyPush } from "../src/protocol";
import type { ActionRow, MatchRow } from "../src/store/types";
import type { Frame } from "./helpers";

type ViewPush = AnyPush<"dreams">;
type Push = ViewPush;
type DreamersPush = AnyPush<"dreamers">;

export interface Truth {
  seed: string;
  /** The state after each version: states[v]. */
  states: DreamsState[];
  /** Card ids dealt in rounds 1..r: dealt[r]. */
  dealt: Map<number, Set<string>>;
  deck: string[];
}

/** A stored Dreams match, replayed. */
export function dreamsTruth(stored: { match: MatchRow; actions: ActionRow[] }): Truth {
  const created = createGame({
    colours: stored.match.colours as never,
    deck: stored.match.deck,
    seed: stored.match.seed,
  });
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.value];
  for (const row of stored.actions) {
    const next = replay(states.at(-1) as DreamsState, [row.action]);
    if (!next.ok) throw new Error(next.error.message);
    states.push(next.value);
  }
  const dealt = new Map<number, Set<string>>();
  let sofar = new Set<string>();
  for (const s of states) {
    if (!dealt.has(s.round.number)) {
      sofar = new Set([...sofar, ...s.round.cards]);
      dealt.set(s.round.number, sofar);
    }
  }
  return { seed: stored.match.seed, states, dealt, deck: stored.match.deck };
}

/** Problems in one client's frames of a Dreams match. */
export function dreamsLeaks(frames: Frame[], viewer: Viewer, truth: Truth): string[] {
  const problems: string[] = [];
  let lastVersion = 0;
  for (const frame of frames) {
    if (frame.event === "view") lastVersion = (frame.payload as ViewPush).version;
    for (const p of check(frame, viewer, truth, lastVersion))
      problems.push(`${frame.event} v${lastVersion}: ${p}`);
  }
  return problems;
}

export interface DreamersTruth {
  seed: string;
  states: DreamersState[];
  events: DreamersEvent[][];
}

/** A stored Dreamers match, replayed. */
export function dreamersTruth(stored: { match: MatchRow; actions: ActionRow[] }): DreamersTruth {
  const created = dreamers.setup(stored.match.setup as never, stored.match.seed);
  if (!created.ok) throw new Error(created.error.code);
  const states: DreamersState[] = [created.value];
  const events: DreamersEvent[][] = [[]];
  for (const row of stored.actions) {
    const applied = dreamers.apply(states.at(-1) as DreamersState, row.action);
    if (!applied.ok) throw new Error(applied.error.code);
    states.push(applied.value.state);
    events.push(applied.value.events);
  }
  return { seed: stored.match.seed, states, events };
}

/** Every path in a JSON value whose last key is `key`, as dotted strings. */
function pathsOf(value: unknown, key: string, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k === key) out.push(here);
    out.push(...pathsOf(v, key, here));
  }
  return out;
}

/** Checks one frame; returns the problems found. */
function check(frame: Frame, viewer: Viewer, truth: Truth, lastVersion: number): string[] {
  const problems: string[] = [];
  const json = frame.json;
  // Never: the seed, the generator, the pile.
  if (json.includes(truth.seed)) problems.push("contains the seed");
  const state = truth.states[lastVersion] as DreamsState;
  if (json.includes(state.rng.key)) problems.push("contains the generator's key");
  for (const key of ["seed", "rng", "pile", "discard"])
    if (pathsOf(frame.payload, key).length > 0) problems.push(`has a "${key}" field`);
  // The only "deck" is the table's config naming the deck it uses.
  if (pathsOf(frame.payload, "deck").some((p) => !/^(table\.)?config\.deck$/.test(p)))
    problems.push('has a "deck" field');

  // Cards: none that has not been dealt yet (the pile order stays secret).
  const push = frame.event === "view" ? (frame.payload as Push) : null;
  const round = push ? push.view.round : state.round.number;
  const dealt = truth.dealt.get(round) ?? new Set<string>();
  for (const id of truth.deck)
    if (!dealt.has(id) && json.includes(`"${id}"`)) problems.push(`reveals undealt card ${id}`);

  // The round's secret and others' guesses, before the reveal.
  const at = push ? (truth.states[push.version] as DreamsState) : state;
  const revealed = at.round.result !== null;
  const secretPaths = (key: string) =>
    pathsOf(frame.payload, key).filter((p) => !/(^|\.)result\.secret\.[a-z]+$/.test(p));
  if (!revealed) {
    const mortal = at.round.mortal;
    const isMortal = viewer === mortal;
    if (secretPaths("salt").length > 0) problems.push("has the salt before the reveal");
    if (json.includes(at.round.salt)) problems.push("contains the salt before the reveal");
    if (secretPaths("mortal").length > 0) problems.push("has a mortal field before the reveal");
    if (!isMortal && json.includes('"mortal"'))
      problems.push("says 'mortal' to a non-mortal before the reveal");
    const visions = secretPaths("vision");
    const allowedVision = viewer !== "spectator" && !isMortal ? ["view.me.vision"] : [];
    for (const p of visions) if (!allowedVision.includes(p)) problems.push(`has the vision at ${p}`);
    for (const p of pathsOf(frame.payload, "guess")) {
      if (p === "view.me.guess") continue;
      const m = /^events\.(\d+)\.guess$/.exec(p);
      const event = m && push ? push.events[Number(m[1])] : null;
      if (event && event.type === "guess_made" && event.seat === viewer) continue;
      problems.push(`shows a guess at ${p}`);
    }
    if (pathsOf(frame.payload, "guesses").length > 0) problems.push("shows the guesses");
  }
  // A player's own role is right; a spectator has none.
  if (push) {
    const me = push.view.me;
    if (viewer === "spectator") {
      if (me !== null) problems.push("spectator got a seat");
    } else if (me?.role !== (viewer === at.round.mortal ? "mortal" : "god")) problems.push("wrong role");
    if (push.view.viewer !== viewer) problems.push("view for another viewer");
  }
  return problems;
}

/** Card ids `viewer` may not see in the state: the decks, and the other player's hand and face-down card. */
function hiddenCards(state: DreamersState, viewer: KitViewer): string[] {
  const round = state.round;
  const hidden = [...round.dreamDeck, ...round.nightmareDeck];
  for (const seat of [0, 1]) if (seat !== viewer) hidden.push(...(round.hands[seat] ?? []));
  // the first player's card lies face down, alone, until the second player plays
  const faceDown = round.plays[0];
  if (state.phase === "second_play" && faceDown && viewer !== round.first) hidden.push(faceDown);
  return hidden;
}

/** What a client's frames show that `viewer` may not know; empty when nothing leaks. */
export function dreamersLeaks(frames: Frame[], viewer: KitViewer, truth: DreamersTruth): string[] {
  const problems: string[] = [];
  let version = 0;
  for (const frame of frames) {
    if (frame.event === "view") {
      const push = frame.payload as DreamersPush;
      version = push.version;
      const state = truth.states[version] as DreamersState;
      // The view is exactly the rules' view for this viewer: the server adds nothing.
      if (JSON.stringify(push.view) !== JSON.stringify(dreamers.view(state, viewer)))
        problems.push(`view ${version} is not the rules' view for ${viewer}`);
      const expected =
        push.events.length === 0
          ? []
          : (truth.events[version] ?? []).map((e) => dreamers.viewEvent(e, viewer));
      if (JSON.stringify(push.events) !== JSON.stringify(expected))
        problems.push(`events of version ${version} differ from the rules' for ${viewer}`);
    }
    const state = truth.states[version] as DreamersState;
    if (frame.json.includes(truth.seed)) problems.push(`${frame.event} contains the seed`);
    if (frame.json.includes(state.rng.key)) problems.push(`${frame.event} contains the generator's key`);
    if (state.round.result === null && state.round.salt !== "" && frame.json.includes(state.round.salt))
      problems.push(`${frame.event} at ${version} contains the salt before the round's end`);
    for (const id of hiddenCards(state, viewer))
      if (frame.json.includes(`"${id}"`))
        problems.push(`${frame.event} at ${version} shows hidden card ${id}`);
  }
  return problems;
}
