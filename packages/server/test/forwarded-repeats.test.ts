/**
 * A chat line or a join forwarded in a cluster reaches the table's owner, which applies it and dies
 * before answering; the forwarder sends it again under the same request id, and the table's next owner
 * — which never saw the request — must not apply it twice. The two owners are two servers one after the
 * other on the same data (the first closed as it "dies"), each serving the request through its
 * `OwnerDesk` as a process of a cluster does.
 */
import type { Server } from "socket.io";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/app";
import { ManualClock } from "../src/clock";
import { OwnerDesk } from "../src/cluster/owner-desk";
import { soleOwnership } from "../src/cluster/ownership";
import type { Request } from "../src/cluster/requests";
import type { JoinTableResponse } from "../src/protocol";
import { createTable, joinTable, startTestServer, TestClient } from "./helpers";

const cleanups: Array<() => Promise<void>> = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const client of clients) client.socket.disconnect();
  for (const cleanup of cleanups) await cleanup();
});

/** A table's owner, and its successor on the same data once the owner has died. */
async function ownerAndSuccessor() {
  const first = await startTestServer();
  let last = first;
  cleanups.push(() => last.close());
  return {
    owner: first.server,
    /** The owner dies: its memory of the requests goes with it, what it stored stays. */
    async successor(): Promise<RunningServer> {
      await first.server.close();
      last = await startTestServer({ sameDataAs: first });
      return last.server;
    },
  };
}

/** The rooms and emits of connections held by another process: nobody here to reach. */
const elsewhere = { in: () => ({ socketsJoin() {}, socketsLeave() {} }), to: () => ({ emit() {} }) };
const deskOf = (server: RunningServer) =>
  new OwnerDesk(server.service, soleOwnership, elsewhere as unknown as Server, new ManualClock());

async function watch(base: string, code: string, token?: string) {
  const client = new TestClient(base);
  clients.push(client);
  const ack = (await client.attach(code, token)) as unknown as {
    seat: number | null;
    chat: Array<{ text: string }>;
  };
  return { client, seat: ack.seat, shown: ack.chat.map((line) => line.text) };
}

describe("a forwarded request repeated at the table's next owner", () => {
  it("a chat line is stored and shown once, and answered as the first time", async () => {
    const { owner, successor } = await ownerAndSuccessor();
    const table = await createTable(owner.url);
    const seat = await joinTable(owner.url, table.code, 0, table.hostToken);
    const chat: Request = {
      op: "command",
      code: table.code,
      id: "edge-socket",
      rid: "edge-request-1",
      name: "chat",
      hello: { code: table.code, token: seat.token },
      msg: "Back in five",
    };
    const answered = await deskOf(owner).handle(chat, "edge");
    expect(answered?.value).toEqual({ ok: true });

    const next = await successor();
    const watcher = await watch(next.url, table.code);
    expect(watcher.shown).toEqual(["Back in five"]);
    const again = await deskOf(next).handle(chat, "edge");
    expect(again?.value).toEqual(answered?.value);
    await watcher.client.flush();
    expect(watcher.client.frames.filter((f) => f.event === "chat")).toEqual([]);
    const stored = await next.store.loadTable(table.code, 50);
    expect(stored?.chat.map((line) => line.text)).toEqual(["Back in five"]);
    expect((await watch(next.url, table.code)).shown).toEqual(["Back in five"]);

    // a new request is a new line
    const other = await deskOf(next).handle({ ...chat, rid: "edge-request-2", msg: "Ready" }, "edge");
    expect(other?.value).toEqual({ ok: true });
    await watcher.client.waitFor(() => watcher.client.frames.some((f) => f.event === "chat"));
    expect((await watch(next.url, table.code)).shown).toEqual(["Back in five", "Ready"]);
  });

  it("a join takes one seat, and answers with a token that holds it", async () => {
    const { owner, successor } = await ownerAndSuccessor();
    const table = await createTable(owner.url);
    await joinTable(owner.url, table.code, 0, table.hostToken);
    const join: Request = {
      op: "join",
      code: table.code,
      rid: "edge-request-1",
      body: { name: "Bea", colour: "blue" },
    };
    const answered = (await deskOf(owner).handle(join, "edge"))?.value as {
      ok: boolean;
      value: JoinTableResponse;
    };
    expect(answered).toMatchObject({ ok: true, value: { seat: 1 } });

    const next = await successor();
    const again = (await deskOf(next).handle(join, "edge"))?.value as {
      ok: boolean;
      value: JoinTableResponse;
    };
    expect(again).toMatchObject({ ok: true, value: { seat: 1 } });
    const stored = await next.store.loadTable(table.code, 50);
    expect(stored?.seats.filter((s) => s.kind === "human").map((s) => s.name)).toEqual(["P0", "Bea"]);
    // the token of the answer the forwarder finally got is the seat's
    expect((await watch(next.url, table.code, again.value.token)).seat).toBe(1);
  });
});
