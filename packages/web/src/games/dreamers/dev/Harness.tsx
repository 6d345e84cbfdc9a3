/**
 * Development harness for Dreamers (vite dev only, at /dev?game=dreamers): seat 0 plays against random
 * legal moves of seat 1, all in the browser, so the screen can be worked on without a server.
 *
 * `until=` fast-forwards with random moves of both seats to a state worth looking at: `second` (the
 * leader's card face down, your turn to answer), `skull` (your lead, the skull in hand), `modify`, `accuse`, `choosing`, `round_over`, `over`,
 * `tiebreak`. `seed=` picks the game, `timer` shows a turn timer, `spectator` shows a spectator's view.
 */
import {
  apply,
  createGame,
  type DreamersPublicEvent,
  type DreamersState,
  legalActions,
  mulberry32,
  randomLegalAction,
  SKULL_CARD,
  testSeed,
  view,
  viewEvent,
} from "@firmament/dreamers";
import type { ChatLine, ClientAction, TableInfo } from "@firmament/protocol";
import { useEffect, useState } from "react";
import type { ViewPush } from "../../types";
import DreamersScreen from "../DreamersScreen";

const params = new URLSearchParams(window.location.search);
const SEED = Number(params.get("seed") ?? 7);
const UNTIL = params.get("until");
const TIMER = params.has("timer");
const SPECTATOR = params.has("spectator");
const random = mulberry32(SEED);

const table: TableInfo = {
  code: "DEVDRM",
  config: { game: "dreamers", seats: 2, visibility: "private", timer: TIMER ? "fast" : "off" },
  status: "playing",
  seats: [
    { seat: 0, colour: "red", name: "Ada", kind: "human", connected: true, botPlaying: false },
    {
      seat: 1,
      colour: "blue",
      name: "Bruno",
      kind: "bot",
      level: "medium",
      connected: true,
      botPlaying: false,
    },
  ],
  hostSeat: 0,
  spectators: 0,
  match: 1,
  game: 1,
  createdAt: Date.now(),
};

const reached: Record<string, (s: DreamersState) => boolean> = {
  skull: (s) => s.phase === "first_play" && s.round.first === 0 && s.round.hands[0].includes(SKULL_CARD),
  second: (s) => s.phase === "second_play" && s.round.first === 1,
  modify: (s) => s.phase.startsWith("modify") && legalActions(view(s, 0)).some((a) => a.type === "modify"),
  accuse: (s) => s.phase === "closing" && legalActions(view(s, 0)).some((a) => a.type === "accuse"),
  choosing: (s) => s.phase === "choosing" && s.round.chooser === 0,
  round_over: (s) => s.phase === "round_over",
  over: (s) => s.phase === "over",
  tiebreak: (s) => s.phase === "over" && s.round.number === 6,
};

function newGame(): DreamersState {
  const made = createGame({}, testSeed(random));
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** A fresh game, fast-forwarded (over as many games as it takes) to the `until` state if one is asked for. */
function initial(): DreamersState {
  const goal = UNTIL ? reached[UNTIL] : undefined;
  if (!goal) return newGame();
  for (let games = 0; games < 500; games++) {
    let state = newGame();
    for (let action = randomLegalAction(state, random); action; action = randomLegalAction(state, random)) {
      const result = apply(state, action);
      if (!result.ok) break;
      state = result.value.state;
      if (goal(state)) return state;
    }
  }
  return newGame();
}

export default function DreamersHarness() {
  const [state, setState] = useState(initial);
  const [version, setVersion] = useState(0);
  const [events, setEvents] = useState<DreamersPublicEvent[]>([]);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const viewer = SPECTATOR ? "spectator" : 0;

  function step(next: DreamersState, happened: Parameters<typeof viewEvent>[0][]) {
    setState(next);
    setVersion((v) => v + 1);
    setEvents(happened.map((e) => viewEvent(e, viewer)));
  }

  // Seat 1 (and, for a spectator, seat 0 too) moves after a short pause.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new state
  useEffect(() => {
    const others = view(state, 0).awaiting.filter((seat) => SPECTATOR || seat !== 0);
    if (others.length === 0) return;
    const timer = window.setTimeout(() => {
      // Random play picks the first seat not ready; the other seat's "ready" is made here.
      if (state.phase === "round_over") {
        const seat = others[0] as number;
        const result = apply(state, { type: "ready", seat });
        if (result.ok) step(result.value.state, result.value.events);
        return;
      }
      for (let tries = 0; tries < 50; tries++) {
        const action = randomLegalAction(state, random);
        if (!action || !others.includes(action.seat)) continue;
        const result = apply(state, action);
        if (result.ok) step(result.value.state, result.value.events);
        return;
      }
    }, 600);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function act(action: ClientAction) {
    const result = apply(state, { ...action, seat: 0 });
    if (!result.ok) return { code: result.error.code, message: result.error.message };
    step(result.value.state, result.value.events);
    return null;
  }

  const push = {
    match: 1,
    game: 1,
    version,
    view: view(state, viewer),
    events,
    deadline: TIMER ? Date.now() + 25_000 : null,
    now: Date.now(),
  } as ViewPush<"dreamers">;

  return (
    <DreamersScreen
      push={push}
      table={table}
      chat={chat}
      host={true}
      act={act}
      say={async (text) => {
        setChat((c) => [
          ...c,
          { id: c.length + 1, seat: 0, name: "Ada", colour: "red", text, at: Date.now() },
        ]);
        return null;
      }}
      playAgain={async () => {
        step(newGame(), []);
        return null;
      }}
    />
  );
}
