/**
 * A chat line, a join or a game action forwarded in a cluster reaches the table's owner, which applies it and dies
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
import type { Command, Request } from "../src/cluster/requests";
import type { JoinTableResponse } from "../src/protocol";
import { createTable, http, joinTable, startTestServer, TestClient } from "./helpers";
import { matchWhereAPassComesAgain } from "./passes-twice";

const cleanups: Array<() => Promise<void>> = [];
const clients: TestClient[] = [];
afterAll(async () => {
  for (const client of clients) client.socket.disconnect();
  for (const cleanup of cleanups) await cleanup();
});

/** A table's owner, and its successor on the same data once the owner has died. */
async function ownerAndSuccessor(options: Parameters<typeof startTestServer>[0] = {}) {
  const first = await startTestServer(options);
  let last = first;
  cleanups.push(() => last.close());
  return {
    owner: first.server,
    /** The owner dies: its memory of the requests goes with it, what it stored stays. */
    async successor(): Promise<RunningServer> {
      await first.server.close();
      last = await startTestServer({ ...options, sameDataAs: first });
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

  it("a game action the rules would accept again is applied once, and answered with the version it got", async () => {
    // a Dreamers match in which a seat passes, and may pass again a few actions later in the same round
    const { seed, steps, firstPass } = matchWhereAPassComesAgain();
    const { owner, successor } = await ownerAndSuccessor({ seedSource: () => seed });
    const created = await http<{ code: string; hostToken: string }>(owner.url, "POST", "/api/tables", {
      game: "dreamers",
      visibility: "private",
      timer: "off",
    });
    const { code, hostToken } = created.body;
    const tokens = [
      (await joinTable(owner.url, code, 0, hostToken)).token,
      (await joinTable(owner.url, code, 1)).token,
    ];
    const command = (seat: number, rid: string, name: Command, msg: unknown): Request => ({
      op: "command",
      code,
      id: `edge-socket-${seat}`,
      rid,
      name,
      hello: { code, token: tokens[seat], ...(seat === 0 && { hostToken }) },
      msg,
    });
    // the client sends no `version`: in a game where both may act at once it would often be stale
    const step = (index: number, rid = `edge-action-${index}`) => {
      const { action, round } = steps[index] as (typeof steps)[number];
      return command(action.seat, rid, "action", { action, round });
    };
    let desk = deskOf(owner);
    expect((await desk.handle(command(0, "edge-start", "start", {}), "edge"))?.value).toEqual({ ok: true });
    for (let index = 0; index < firstPass; index++)
      expect((await desk.handle(step(index), "edge"))?.value).toEqual({ ok: true, version: index + 1 });
    const pass = step(firstPass);
    const answered = (await desk.handle(pass, "edge"))?.value;
    expect(answered).toEqual({ ok: true, version: firstPass + 1 });

    const next = await successor();
    desk = deskOf(next);
    const again = steps.length - 1;
    for (let index = firstPass + 1; index < again; index++)
      expect((await desk.handle(step(index), "edge"))?.value).toEqual({ ok: true, version: index + 1 });
    // the seat may pass again now: the repeat is still the first pass, not a second one
    expect(steps[again]).toEqual(steps[firstPass]);
    expect((await desk.handle(pass, "edge"))?.value).toEqual(answered);
    const stored = await next.store.loadMatch(code, 1);
    expect(stored?.actions).toHaveLength(again);
    expect(stored?.actions[firstPass]?.requestId).toBe(`edge-action-${firstPass}`);

    // a new request is a new pass
    expect((await desk.handle(step(again), "edge"))?.value).toEqual({ ok: true, version: again + 1 });
  });
});
