/**
 * A chat line forwarded in a cluster reaches the table's owner, which stores it and dies before
 * answering; the forwarder sends it again under the same request id, and the table's next owner — which
 * never saw the request — must not say it twice. The two owners are two servers one after the other on
 * the same data (the first closed as it "dies"), each serving the request through its `OwnerDesk` as a
 * process of a cluster does.
 */
import type { Server } from "socket.io";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/app";
import { ManualClock } from "../src/clock";
import { OwnerDesk } from "../src/cluster/owner-desk";
import { soleOwnership } from "../src/cluster/ownership";
import type { Request } from "../src/cluster/requests";
import { createTable, joinTable, startTestServer, TestClient, type TestServer } from "./helpers";

const servers: TestServer[] = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const client of clients) client.socket.disconnect();
  // the last one removes the data they share
  await servers.at(-1)?.close();
});

/** The rooms and emits of connections held by another process: nobody here to reach. */
const elsewhere = { in: () => ({ socketsJoin() {}, socketsLeave() {} }), to: () => ({ emit() {} }) };
const deskOf = (server: RunningServer) =>
  new OwnerDesk(server.service, soleOwnership, elsewhere as unknown as Server, new ManualClock());

async function watch(base: string, code: string) {
  const client = new TestClient(base);
  clients.push(client);
  const ack = (await client.attach(code)) as unknown as { chat: Array<{ text: string }> };
  return { client, shown: ack.chat.map((line) => line.text) };
}

describe("a forwarded chat line repeated at the table's next owner", () => {
  it("is stored and shown once, and answered as the first time", async () => {
    const first = await startTestServer();
    servers.push(first);
    const table = await createTable(first.server.url);
    const seat = await joinTable(first.server.url, table.code, 0, table.hostToken);
    const chat: Request = {
      op: "command",
      code: table.code,
      id: "edge-socket",
      rid: "edge-request-1",
      name: "chat",
      hello: { code: table.code, token: seat.token },
      msg: "Back in five",
    };
    const answered = await deskOf(first.server).handle(chat, "edge");
    expect(answered?.value).toEqual({ ok: true });
    // the owner dies: its memory of the request goes with it, what it stored stays
    await first.server.close();

    const second = await startTestServer({ sameDataAs: first });
    servers.push(second);
    const watcher = await watch(second.server.url, table.code);
    expect(watcher.shown).toEqual(["Back in five"]);

    const again = await deskOf(second.server).handle(chat, "edge");
    expect(again?.value).toEqual(answered?.value);
    await watcher.client.flush();
    expect(watcher.client.frames.filter((f) => f.event === "chat")).toEqual([]);
    const stored = await second.server.store.loadTable(table.code, 50);
    expect(stored?.chat.map((line) => line.text)).toEqual(["Back in five"]);
    expect((await watch(second.server.url, table.code)).shown).toEqual(["Back in five"]);

    // a new request is a new line
    const next = await deskOf(second.server).handle({ ...chat, rid: "edge-request-2", msg: "Ready" }, "edge");
    expect(next?.value).toEqual({ ok: true });
    await watcher.client.waitFor(() => watcher.client.frames.some((f) => f.event === "chat"));
    expect((await watch(second.server.url, table.code)).shown).toEqual(["Back in five", "Ready"]);
  });
});
