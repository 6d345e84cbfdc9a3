/**
 * Development harness for Dreams (vite dev only, at /dev): plays one seat against the engine running in
 * the browser, the other seats making random legal moves, so the game screen can be worked on without a
 * server. Never part of the production build: the record names it only behind `import.meta.env.DEV`.
 */
import {
  apply,
  COLOURS,
  createGame,
  type DreamsState,
  mulberry32,
  randomLegalAction,
  revealedSecret,
  testSeed,
  view,
} from "@firmament/dreams";
import type { ChatLine, ClientAction, TableInfo } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { cardImage } from "../../../deck";
import { DreamsTable as Game } from "../DreamsTable";

const PLAYERS = Number(new URLSearchParams(window.location.search).get("players") ?? 4);
const SEED = Number(new URLSearchParams(window.location.search).get("seed") ?? 7);
const TIMER = new URLSearchParams(window.location.search).get("timer") !== null;
const NAMES = ["You", "Ada", "Bruno", "Chiara", "Dieter", "Élise"];
const random = mulberry32(SEED);
const colours = COLOURS.slice(0, PLAYERS);
const deck = Array.from({ length: 96 }, (_, i) => `std-${String(i + 1).padStart(3, "0")}`);

function initial(): DreamsState {
  const made = createGame({ colours, deck, seed: testSeed(random) });
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const table: TableInfo = {
  code: "DEVDEV",
  config: { game: "dreams", seats: PLAYERS, visibility: "private", timer: "off", deck: "standard" },
  status: "playing",
  seats: colours.map((colour, seat) => ({
    seat,
    colour,
    name: NAMES[seat] ?? `P${seat}`,
    kind: seat === 0 ? "human" : "bot",
    connected: true,
    botPlaying: false,
  })),
  hostSeat: 0,
  spectators: 0,
  match: 1,
  game: 1,
  createdAt: Date.now(),
};

/** `/dev`: Dreams with `?players=` seats and `?seed=`, the other seats random (`&timer` shows a turn timer). */
export default function DreamsHarness() {
  const [state, setState] = useState(initial);
  const [version, setVersion] = useState(0);
  const [chat, setChat] = useState<ChatLine[]>([]);

  // Other seats act after a short pause whenever the seat to move is not ours.
  useEffect(() => {
    const action = randomLegalAction(state, random);
    if (!action || action.seat === 0) {
      if (state.phase === "guessing" && state.round.guesses[0] === null) {
        // Let the others guess first while we think.
        const other = state.round.guesses.findIndex((g, s) => g === null && s !== 0);
        if (other < 0) return;
      } else return;
    }
    const timer = window.setTimeout(() => {
      let next = randomLegalAction(state, random);
      for (let tries = 0; next && next.seat === 0 && tries < 20; tries++)
        next = randomLegalAction(state, random);
      if (!next || next.seat === 0) return;
      const result = apply(state, next);
      if (result.ok) {
        setState(result.value.state);
        setVersion((v) => v + 1);
      }
    }, 350);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function act(action: ClientAction) {
    const result = apply(state, { ...action, seat: 0 });
    if (!result.ok) return { code: result.error.code, message: result.error.message };
    setState(result.value.state);
    setVersion((v) => v + 1);
    return null;
  }

  return (
    <Game
      push={{
        match: 1,
        game: 1,
        version,
        // The server adds every revealed round's secret; this harness keeps only the current round.
        view: {
          ...view(state, 0),
          revealed: state.round.result ? [revealedSecret(state.round.result.secret)] : [],
        },
        events: [],
        deadline: TIMER ? Date.now() + 25_000 : null,
        now: Date.now(),
      }}
      table={table}
      chat={chat}
      host={true}
      altOf={(id) => `Dream card ${id}`}
      imageOf={(id) => cardImage("standard", id)}
      act={act}
      say={async (text) => {
        setChat((c) => [
          ...c,
          { id: c.length + 1, seat: 0, name: "You", colour: "red", text, at: Date.now() },
        ]);
        return null;
      }}
      playAgain={async () => {
        setState(initial());
        return null;
      }}
    />
  );
}
