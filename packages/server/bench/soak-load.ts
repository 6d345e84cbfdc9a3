/**
 * The soak benchmark's load generator (its own process, forked by soak.bench.ts): keeps `tables` tables
 * going at once, alternating Dreams (two people and two bots) and Dreamers (a person and a bot). People
 * are socket.io clients that act about once per `pace` ms from their own view, say a word in the chat,
 * look at the history, the record, the replay and the bots' beliefs at the end, leave and disconnect;
 * a new table then takes the finished one's place. Reports each finished game to the coordinator.
 */
import { io, type Socket } from "socket.io-client";
import { dreamersFallbackBot } from "../src/games/dreamers-bot";
import { fallbackBot } from "../src/games/dreams-bot";
import { post } from "./bench-process";

interface SeatView {
  game: number;
  view: { phase: string; round: number; me: { seat: number } | null; awaiting: number[] };
}
type Ack = { ok: boolean; error?: { code: string } };

const COLOURS = ["red", "blue", "green", "yellow"] as const;
const GAMES = [
  { game: "dreams", people: 2, bots: 2, makeBot: fallbackBot },
  { game: "dreamers", people: 1, bots: 1, makeBot: dreamersFallbackBot },
] as const;

async function get(base: string, path: string): Promise<void> {
  const res = await fetch(base + path);
  await res.arrayBuffer();
  if (!res.ok && res.status !== 404) throw new Error(`${path}: ${res.status}`);
}

/** A person at a table: connects, says hello, plays its seat at a person's pace until the game is over. */
class Person {
  readonly socket: Socket;
  private latest: SeatView | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly bot: { decide(view: never): unknown };
  readonly over: Promise<void>;

  constructor(
    base: string,
    seed: string,
    makeBot: (seed: string) => { decide(view: never): unknown },
    private readonly pace: number,
  ) {
    this.bot = makeBot(seed);
    this.socket = io(base, { transports: ["websocket"], reconnection: false, forceNew: true });
    this.over = new Promise((resolve) =>
      this.socket.on("view", (push: SeatView) => {
        this.latest = push;
        if (push.view.phase === "over") resolve();
        else this.schedule();
      }),
    );
  }

  emit(event: string, payload: unknown = {}): Promise<Ack> {
    return this.socket.timeout(30_000).emitWithAck(event, payload) as Promise<Ack>;
  }

  async hello(code: string, token: string, hostToken?: string): Promise<void> {
    if (!this.socket.connected)
      await new Promise<void>((resolve) => this.socket.once("connect", () => resolve()));
    const ack = await this.emit("hello", { code, token, ...(hostToken && { hostToken }) });
    if (!ack.ok) throw new Error(`hello: ${JSON.stringify(ack)}`);
  }

  /** Thinks for about `pace` ms, then acts if it is still this seat's turn. */
  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.act(), this.pace * (0.6 + Math.random() * 0.8));
  }

  private async act(): Promise<void> {
    this.timer = undefined;
    const push = this.latest;
    const seat = push?.view.me?.seat;
    if (!push || seat === undefined || !push.view.awaiting.includes(seat)) return;
    const action = this.bot.decide(push.view as never);
    if (!action) return;
    const ack = await this.emit("action", { action, round: push.view.round, game: push.game }).catch(
      () => null,
    );
    if (ack && !ack.ok) this.schedule();
  }

  close(): void {
    clearTimeout(this.timer);
    this.socket.close();
  }
}

/** Sets a table up, plays it to the end, looks at what people look at afterwards, leaves. */
async function playOneTable(base: string, n: number, pace: number): Promise<string> {
  const kind = GAMES[n % GAMES.length] as (typeof GAMES)[number];
  const created = await post<{ code: string; hostToken: string }>(base, "/api/tables", {
    game: kind.game,
    ...(kind.game === "dreams" && { seats: kind.people + kind.bots, deck: "standard" }),
    visibility: "private",
    timer: n % 3 === 0 ? "relaxed" : "off",
  });
  const { code, hostToken } = created;
  const people: Person[] = [];
  try {
    for (let seat = 0; seat < kind.people; seat++) {
      const host = seat === 0 ? hostToken : undefined;
      const joined = await post<{ token: string }>(base, `/api/tables/${code}/join`, {
        name: `Soak ${n}-${seat}`,
        colour: COLOURS[seat],
        ...(host && { hostToken: host }),
      });
      const person = new Person(base, `${code}:${seat}`, kind.makeBot, pace);
      people.push(person);
      await person.hello(code, joined.token, host);
    }
    const host = people[0] as Person;
    for (let b = 0; b < kind.bots; b++) await mustAck(host.emit("add_bot", { seat: kind.people + b }));
    await host.emit("chat", { text: "good luck, have fun" });
    await mustAck(host.emit("start"));
    await Promise.all(people.map((p) => p.over));
    await host.emit("chat", { text: "good game" });
    await afterTheGame(base, code);
    for (const person of people) await person.emit("leave").catch(() => null);
    return kind.game;
  } finally {
    for (const person of people) person.close();
  }
}

async function mustAck(ack: Promise<Ack>): Promise<void> {
  const answer = await ack;
  if (!answer.ok) throw new Error(JSON.stringify(answer));
}

/** What people open once a game is over: the history, the record, the replay and the bots' beliefs. */
async function afterTheGame(base: string, code: string): Promise<void> {
  await get(base, `/api/tables/${code}/matches`);
  await get(base, `/api/tables/${code}/matches/1/record`);
  await get(base, `/api/tables/${code}/matches/1/replay`);
  await get(base, `/api/tables/${code}/matches/1/beliefs`);
}

/** Runs `tables` table slots until `until` (epoch ms); each slot starts a new table when its game ends. */
export async function runLoad(base: string, tables: number, pace: number, until: number): Promise<void> {
  let next = 0;
  const slot = async () => {
    while (Date.now() < until) {
      const n = next++;
      try {
        const game = await playOneTable(base, n, pace);
        process.send?.({ type: "finished", game });
      } catch (error) {
        process.send?.({ type: "failed", message: String(error) });
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };
  // tables start spread over a few seconds, as people arrive
  await Promise.all(
    Array.from({ length: tables }, (_, i) => new Promise((r) => setTimeout(r, (i * pace) / 4)).then(slot)),
  );
}
