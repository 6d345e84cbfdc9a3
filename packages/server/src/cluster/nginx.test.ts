/**
 * The shipped nginx configuration, run by the real nginx (Debian's package; this test fails, never
 * skips, when it is missing): it routes every table code to the process `ConsistentHash` predicts,
 * and a table of a process that is down to the next process of the ring, as the processes compute it.
 */
import { randomInt } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/cluster-helpers";
import { ConsistentHash } from "./chash";
import { type RunningNginx, startNginx } from "./nginx";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const code = () => Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** A process stand-in that answers every request with its own "host:port" and the forwarded headers. */
function upstream(): Promise<Server> {
  const server = createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        server: `127.0.0.1:${port}`,
        forwardedFor: req.headers["x-forwarded-for"] ?? null,
        forwardedProto: req.headers["x-forwarded-proto"] ?? null,
      }),
    );
  });
  server.on("upgrade", (req, socket) => {
    const { port } = server.address() as AddressInfo;
    socket.end(
      `HTTP/1.1 101 Switching Protocols\r\nUpgrade: ${req.headers.upgrade}\r\nConnection: Upgrade\r\nX-Served-By: 127.0.0.1:${port}\r\n\r\n`,
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** A WebSocket handshake through nginx: the process that answered it, or null if none upgraded. */
function upgradedBy(path: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13" },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve(String(res.headers["x-served-by"]));
    });
    req.on("response", () => resolve(null));
    req.on("error", reject);
    req.end();
  });
}

let upstreams: Server[] = [];
let nginx: RunningNginx;
let base = "";
let ring: ConsistentHash;

beforeAll(async () => {
  upstreams = await Promise.all([upstream(), upstream(), upstream()]);
  const servers = upstreams.map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`);
  ring = new ConsistentHash(servers);
  const port = await freePort();
  nginx = await startNginx({ listen: `127.0.0.1:${port}`, servers });
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await nginx?.close();
  for (const s of upstreams) s.close();
});

const served = async (path: string, headers: Record<string, string> = {}) =>
  (await (await fetch(`${base}${path}`, { headers })).json()) as {
    server: string;
    forwardedFor: string | null;
    forwardedProto: string | null;
  };

describe("nginx in front (deploy/nginx/firmament.conf)", () => {
  it("routes each table code where ConsistentHash says, for HTTP calls and socket.io handshakes", async () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      const table = code();
      const predicted = ring.pick(table);
      expect((await served(`/api/tables/${table}?table=${table}`)).server, table).toBe(predicted);
      expect((await served(`/socket.io/?EIO=4&transport=websocket&table=${table}`)).server, table).toBe(
        predicted,
      );
      counts.set(predicted ?? "", (counts.get(predicted ?? "") ?? 0) + 1);
    }
    // every process gets a share of the tables
    expect(counts.size).toBe(3);
    for (const n of counts.values()) expect(n).toBeGreaterThan(40);
  });

  it("sends the tables of a process that is down to the next process on the ring", async () => {
    const down = upstreams[1] as Server;
    const downName = `127.0.0.1:${(down.address() as AddressInfo).port}`;
    await new Promise((resolve) => down.close(resolve));
    const up = new Set(ring.servers.filter((s) => s !== downName));
    let moved = 0;
    for (let i = 0; i < 200; i++) {
      const table = code();
      const predicted = ring.pick(table, up);
      expect(predicted).not.toBe(downName);
      expect((await served(`/api/tables/${table}?table=${table}`)).server, table).toBe(predicted);
      if (ring.pick(table) === downName) moved++;
    }
    expect(moved).toBeGreaterThan(20);
  });

  it("passes WebSocket upgrades to the table's process", async () => {
    const up = new Set(
      upstreams.filter((s) => s.listening).map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`),
    );
    for (let i = 0; i < 20; i++) {
      const table = code();
      expect(await upgradedBy(`/socket.io/?EIO=4&transport=websocket&table=${table}`)).toBe(
        ring.pick(table, up),
      );
    }
  });

  it("sets X-Forwarded-For and -Proto itself, whatever the client sent", async () => {
    const answer = await served("/api/tables", {
      "x-forwarded-for": "6.6.6.6",
      "x-forwarded-proto": "https",
    });
    expect(answer.forwardedFor).toBe("127.0.0.1");
    expect(answer.forwardedProto).toBe("http");
  });
});
