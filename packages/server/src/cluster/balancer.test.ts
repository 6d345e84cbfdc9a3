import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../../test/until";
import { type Backend, startBalancer, tableOf } from "./balancer";

const servers: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A TCP server on a free port that calls `onSocket` for each connection. */
async function backend(onSocket: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  servers.push({
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  });
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : 0 };
}

/** Sends a WebSocket upgrade request to the balancer; resolves with what came back and when it closed. */
async function upgrade(port: number, path: string): Promise<{ answer: string; closedAfterMs: number }> {
  const { connect } = await import("node:net");
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      );
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (answer.includes("\r\n\r\n")) socket.end();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ answer, closedAfterMs: Date.now() - started }));
    setTimeout(() => reject(new Error("the balancer never closed the connection")), 10_000);
  });
}

async function balancer(backends: Backend[], extra: { upgradeAnswerMs?: number } = {}) {
  const probe = await backend(() => undefined);
  const port = probe.port;
  await servers.pop()?.close();
  const unanswered: string[] = [];
  const started = await startBalancer({
    port,
    host: "127.0.0.1",
    backends,
    probeMs: 50,
    ...extra,
    onUnanswered: (_b, url) => unanswered.push(url),
  });
  servers.push(started);
  return { port, unanswered, alive: () => started.alive() };
}

describe("tableOf", () => {
  it("reads the table from the realtime query and from table paths, and nothing else", () => {
    expect(tableOf("/socket.io/?EIO=4&transport=websocket&table=ab12cd")).toBe("AB12CD");
    expect(tableOf("/t/XY34ZW")).toBe("XY34ZW");
    expect(tableOf("/api/tables/XY34ZW/join")).toBe("XY34ZW");
    expect(tableOf("/api/tables")).toBeNull();
    expect(tableOf("/socket.io/?table=not-a-code")).toBeNull();
  });
});

describe("the balancer", () => {
  it("passes an upgrade through to a backend and its answer back", async () => {
    const answering = await backend((socket) => {
      socket.once("data", () =>
        socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"),
      );
    });
    const { port } = await balancer([{ host: "127.0.0.1", port: answering.port }]);
    const { answer } = await upgrade(port, "/socket.io/?EIO=4&transport=websocket&table=AB12CD");
    expect(answer.startsWith("HTTP/1.1 101")).toBe(true);
  });

  it("closes an upgrade its backend accepts but never answers, so the client tries again at once", async () => {
    const silent = await backend(() => undefined);
    const { port, unanswered } = await balancer([{ host: "127.0.0.1", port: silent.port }], {
      upgradeAnswerMs: 300,
    });
    const { answer, closedAfterMs } = await upgrade(port, "/socket.io/?EIO=4&transport=websocket");
    expect(answer).toBe("");
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closedAfterMs).toBeLessThan(5000);
    expect(unanswered).toEqual(["/socket.io/?EIO=4&transport=websocket"]);
  });

  it("closes an upgrade at once when no backend is up", async () => {
    const gone = await backend(() => undefined);
    const port = gone.port;
    await servers.pop()?.close();
    const { port: front, alive } = await balancer([{ host: "127.0.0.1", port }]);
    await until("the probe to find the backend down", () => alive().length === 0, 5000);
    const { answer, closedAfterMs } = await upgrade(front, "/socket.io/?EIO=4&transport=websocket");
    expect(answer).toBe("");
    expect(closedAfterMs).toBeLessThan(1000); // not after the 2 s an unanswered upgrade gets
  });
});
