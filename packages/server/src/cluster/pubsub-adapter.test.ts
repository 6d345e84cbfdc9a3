import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Redis } from "ioredis";
import { Server, type Socket } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { admitPush, orderPushesFor } from "../view-order";
import { pubSubAdapter } from "./pubsub-adapter";

/** A Redis publisher whose publishes wait until `release` (Redis's round trip, held), and a silent subscriber. */
function heldRedis() {
  const held: Array<() => void> = [];
  const pub = {
    publish: () => new Promise<number>((resolve) => held.push(() => resolve(0))),
  } as unknown as Redis;
  const sub = { on() {}, off() {}, subscribe: async () => 0, unsubscribe: async () => 0 } as unknown as Redis;
  const release = () => {
    for (const resolve of held.splice(0)) resolve();
  };
  return { pub, sub, release };
}

const view = (version: number) => ({ match: 1, version, view: {}, events: [] });

async function serverWithClient(redis: ReturnType<typeof heldRedis>) {
  const http = createServer();
  const server = new Server(http, { adapter: pubSubAdapter(redis.pub, redis.sub, "test") });
  const connected = new Promise<Socket>((resolve) => server.on("connection", resolve));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ["websocket"],
  });
  const versions: number[] = [];
  client.on("view", (push: { version: number }) => versions.push(push.version));
  const socket = await connected;
  orderPushesFor(socket, "ABCDEF");
  /** Resolves once everything pushed to the socket before it has arrived (one connection keeps order). */
  const flush = () =>
    new Promise<void>((resolve) => {
      client.once("flushed", () => resolve());
      socket.emit("flushed");
    });
  const close = () => {
    client.close();
    server.close();
  };
  return { server, socket, versions, flush, close };
}

describe("the cluster's adapter keeps a socket's views in order", () => {
  let close = () => {};
  afterEach(() => close());

  it("tells this process's sockets at once: a broadcast made before a newer view never follows it", async () => {
    const redis = heldRedis();
    const t = await serverWithClient(redis);
    close = t.close;
    t.socket.join("table");
    t.server.to("table").emit("view", view(35));
    // a newer view sent straight to the socket while the broadcast's publish is still on its way
    if (admitPush(t.socket, "view", view(36))) t.socket.emit("view", view(36));
    redis.release();
    await t.flush();
    expect(t.versions).toEqual([35, 36]);
  });

  it("does not send a socket that joined the rooms after a broadcast that broadcast's older view", async () => {
    const redis = heldRedis();
    const t = await serverWithClient(redis);
    close = t.close;
    t.server.to("table").emit("view", view(35));
    // a reconnecting client joins the table's rooms and is sent the current view
    t.socket.join("table");
    if (admitPush(t.socket, "view", view(36))) t.socket.emit("view", view(36));
    redis.release();
    await t.flush();
    expect(t.versions).toEqual([36]);
  });
});
