/**
 * The leak checker: one frame a client (or anyone fetching a replay or record) receives, checked against
 * docs/rules.md's "Who may know what" for Dreams, with the true game rebuilt from the stored log as the
 * reference. Used by leak.test.ts for live frames and by records.test.ts for replays of unfinished games.
 */
import { createGame, type DreamsState, replay, type Viewer } from "@firmament/dreams";
import type { ActionRow, MatchRow } from "../src/store/types";
import type { PushOf } from "./game-pushes";
import type { Frame } from "./helpers";

type Push = PushOf<"dreams">;
type StoredMatch = { match: MatchRow; actions: ActionRow[] };

/** Every path in a JSON value whose last key is `key`, as dotted strings. */
export function pathsOf(value: unknown, key: string, path = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const here = path ? `${path}.${k}` : k;
    if (k === key) out.push(here);
    out.push(...pathsOf(v, key, here));
  }
  return out;
}

export interface Truth {
  seed: string;
  /** The state after each version: states[v]. */
  states: DreamsState[];
  /** Card ids dealt in rounds 1..r: dealt[r]. */
  dealt: Map<number, Set<string>>;
  deck: string[];
}

export async function truthOf(
  service: { storedMatch(code: string, match: number): Promise<StoredMatch | null> },
  code: string,
  game: number,
): Promise<Truth> {
  const stored = await service.storedMatch(code, game);
  if (!stored) throw new Error("no stored game");
  return dreamsTruth(stored);
}

/** A stored Dreams match, replayed: the reference every frame is checked against. */
export function dreamsTruth(stored: StoredMatch): Truth {
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

/** Checks one frame; returns the problems found. */
export function check(frame: Frame, viewer: Viewer, truth: Truth, lastVersion: number): string[] {
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
  // A `view` push, or an `events` push to a folding connection: the events of one version.
  const update =
    push ?? (frame.event === "events" ? (frame.payload as Pick<Push, "version" | "events">) : null);
  const round = update ? (truth.states[update.version] as DreamsState).round.number : state.round.number;
  const dealt = truth.dealt.get(round) ?? new Set<string>();
  for (const id of truth.deck)
    if (!dealt.has(id) && json.includes(`"${id}"`)) problems.push(`reveals undealt card ${id}`);

  // The round's secret and others' guesses, before the reveal.
  const at = update ? (truth.states[update.version] as DreamsState) : state;
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
    // A god knows the vision: in its view, and in the event that deals the round (folding clients need it).
    const dealtTo = (p: string) => {
      const m = /^events\.(\d+)\.vision$/.exec(p);
      return m !== null && update?.events[Number(m[1])]?.type === "round_started";
    };
    const god = viewer !== "spectator" && !isMortal;
    for (const p of visions)
      if (!(god && (p === "view.me.vision" || dealtTo(p)))) problems.push(`has the vision at ${p}`);
    for (const p of pathsOf(frame.payload, "guess")) {
      if (p === "view.me.guess") continue;
      const m = /^events\.(\d+)\.guess$/.exec(p);
      const event = m && update ? update.events[Number(m[1])] : null;
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
