/**
 * `npm run bench:push`: the part of an action's server cost that folding clients change, without
 * sockets (so it is steady on a busy machine): what a five-seat Dreams table's pushes cost per action
 * when every seat gets its whole view (a view per seat, each encoded as socket.io would) against when
 * they fold (each seat's view of the events, identical payloads grouped and encoded once). CPU time
 * over every action of many random games, per action.
 */
import {
  COLOURS,
  createGame,
  dreams,
  mulberry32,
  randomLegalAction,
  revealedSecret,
  testSeed,
} from "@firmament/dreams";

const GAMES = Number(process.argv[2] ?? 200);
const SEATS = 5;
const DECK = Array.from({ length: 96 }, (_, i) => `card-${String(i).padStart(3, "0")}`);

let sink = 0;
/** socket.io's encoding of an event packet: `42` and the JSON of [event, payload]. */
const encode = (event: string, payload: unknown) => {
  sink += `42${JSON.stringify([event, payload])}`.length;
};

function whole(
  state: Parameters<typeof dreams.view>[0],
  events: unknown[],
  revealed: unknown[],
  version: number,
) {
  for (let seat = 0; seat < SEATS; seat++) {
    const view = { ...dreams.view(state, seat), revealed: revealed.slice() };
    encode("view", {
      match: 1,
      game: 1,
      version,
      view,
      events: events.map((e) => dreams.viewEvent(e as never, seat)),
      deadline: null,
      now: 0,
    });
  }
}

function folding(events: unknown[], version: number) {
  const groups = new Map<string, unknown[]>();
  for (let seat = 0; seat < SEATS; seat++) {
    const seen = events.map((e) => dreams.viewEvent(e as never, seat));
    const key = JSON.stringify(seen);
    if (!groups.has(key)) groups.set(key, seen);
  }
  for (const seen of groups.values())
    encode("events", { match: 1, game: 1, version, events: seen, deadline: null, now: 0 });
}

function run(kind: "whole" | "fold"): { us: number; actions: number } {
  let actions = 0;
  let cpu = 0;
  for (let g = 0; g < GAMES; g++) {
    const created = createGame({
      colours: COLOURS.slice(0, SEATS),
      deck: DECK,
      seed: testSeed(mulberry32(g + 1)),
    });
    if (!created.ok) throw new Error(created.error.message);
    let state = created.value;
    const random = mulberry32(g * 31 + 7);
    const revealed: unknown[] = [];
    for (let version = 1; state.phase !== "over"; version++) {
      const applied = dreams.apply(state, randomLegalAction(state, random));
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      for (const e of applied.value.events)
        if (e.type === "round_revealed") revealed.push(revealedSecret(e.result.secret));
      const t0 = process.cpuUsage();
      if (kind === "whole") whole(state, applied.value.events, revealed, version);
      else folding(applied.value.events, version);
      const t = process.cpuUsage(t0);
      cpu += t.user + t.system;
      actions++;
    }
  }
  return { us: cpu / actions, actions };
}

run("whole");
run("fold"); // warm both paths up first
for (const kind of ["whole", "fold", "whole", "fold"] as const) {
  const before = sink;
  const r = run(kind);
  console.log(
    `${kind.padEnd(5)} ${r.us.toFixed(1)} µs of CPU per action to build and encode the pushes (${r.actions} actions, ${Math.round((sink - before) / r.actions)} bytes encoded per action)`,
  );
}
