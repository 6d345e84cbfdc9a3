/**
 * `npm run bench:fanout [-- --tables 1000 --rounds 20]`: what the server's CPU pays to tell five
 * sockets of a table an action's events, over real WebSockets on loopback, through socket.io's own
 * broadcast (`io.to(rooms).emit`, the fan-out before issue 22) and through the bus (`roomBus`: the
 * frame encoded once and written to each socket's sender). The clients run in a child process at the
 * lowest priority; the figure is this process's CPU time (user and kernel, every thread) from the
 * first push of a run until the clients have every frame, divided by the pushes — CPU time, not wall
 * time, so a busy machine changes it less than `bench:server`'s latencies.
 */
import { fork } from "node:child_process";
import { createServer } from "node:http";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { Server } from "socket.io";
import WebSocket from "ws";
import { roomBus, rooms } from "../src/bus";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TABLES = arg("tables", 1000);
const ROUNDS = arg("rounds", 20);
const SEATS = 5;

/** The child: TABLES × SEATS raw socket.io clients that count the `events` frames they receive. */
async function clients(port: number) {
  let received = 0;
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
        perMessageDeflate: false,
      });
      ws.on("error", reject);
      ws.on("message", (data) => {
        const text = data.toString();
        if (text[0] === "0") ws.send(`40${JSON.stringify({ index })}`);
        else if (text === "2") ws.send("3");
        else if (text.startsWith("40")) resolve();
        else if (text.startsWith('42["events"')) received++;
      });
    });
  for (let i = 0; i < TABLES * SEATS; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, TABLES * SEATS - i) }, (_, k) => open(i + k)));
  process.send?.({ ready: true });
  process.on("message", (want: number) => {
    const check = () => (received >= want ? process.send?.({ received }) : setTimeout(check, 5));
    check();
  });
}

const payload = (version: number) => ({
  match: 1,
  game: 1,
  version,
  events: [{ type: "star_placed", seat: version % SEATS, kind: "star", x: 0.25, y: 0.75, order: version }],
  deadline: null,
  now: Date.now(),
});

async function server() {
  const http = createServer();
  const io = new Server(http, { serveClient: false, transports: ["websocket"] });
  io.on("connection", (socket) => {
    const index = (socket.handshake.auth as { index: number }).index;
    socket.join(rooms.folding(rooms.seat(`T${Math.floor(index / SEATS)}`, index % SEATS)));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const port = (http.address() as { port: number }).port;
  const child = fork(fileURLToPath(import.meta.url), ["--clients", String(port), ...process.argv.slice(2)], {
    execArgv: ["--import", "tsx"],
  });
  if (child.pid !== undefined) setPriority(child.pid, 19);
  const answer = () => new Promise<unknown>((resolve) => child.once("message", resolve));
  await answer();
  const bus = roomBus(io);
  const ways = {
    "socket.io broadcast": (list: string[], version: number) =>
      void io.to(list).emit("events", payload(version)),
    "bus (encoded once)": (list: string[], version: number) => {
      const push = payload(version);
      bus.toRooms(list, "events", push, JSON.stringify(push));
    },
  };
  let sent = 0;
  const run = async (send: (list: string[], version: number) => void) => {
    const cpu = process.cpuUsage();
    for (let round = 0; round < ROUNDS; round++) {
      for (let t = 0; t < TABLES; t++) {
        const list = Array.from({ length: SEATS }, (_, s) => rooms.folding(rooms.seat(`T${t}`, s)));
        send(list, round);
        if (t % 50 === 49) await new Promise((r) => setImmediate(r));
      }
    }
    sent += ROUNDS * TABLES * SEATS;
    child.send(sent);
    await answer();
    const used = process.cpuUsage(cpu);
    return {
      perAction: (used.user + used.system) / (ROUNDS * TABLES),
      kernel: used.system / (ROUNDS * TABLES),
    };
  };
  for (const send of Object.values(ways)) await run(send); // warm up
  for (let repeat = 0; repeat < 3; repeat++)
    for (const [name, send] of Object.entries(ways)) {
      const r = await run(send);
      console.log(
        `${name.padEnd(20)} ${r.perAction.toFixed(1)} µs of server CPU per action (${SEATS} sockets; kernel ${r.kernel.toFixed(1)} µs), ${TABLES} tables × ${ROUNDS} rounds`,
      );
    }
  child.kill();
  io.close();
  process.exit(0);
}

if (process.argv.includes("--clients"))
  void clients(Number(process.argv[process.argv.indexOf("--clients") + 1]));
else void server();
