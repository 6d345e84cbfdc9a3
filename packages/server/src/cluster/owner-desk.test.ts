import type { Server } from "socket.io";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../clock";
import type { Conn } from "../context";
import type { HelloMessage } from "../protocol";
import type { TableService } from "../service";
import { OwnerDesk } from "./owner-desk";
import { soleOwnership } from "./ownership";
import { CONFLICT, type Request } from "./requests";

/** A table service that counts the joins and chat lines it applies, and attaches any hello. */
function countingService() {
  const applied = { joins: 0, chats: 0 };
  const conns = new Map<string, Conn>();
  let refuseNextChat = false;
  const service = {
    cache: { cached: () => ({ conns }) },
    async hello(conn: Conn, msg: HelloMessage) {
      conn.code = msg.code;
      conns.set(conn.id, conn);
      return { ack: { ok: true }, after: () => {} };
    },
    async join() {
      applied.joins++;
      return { ok: true, value: { seat: applied.joins, token: `t${applied.joins}` } };
    },
    async chat() {
      if (refuseNextChat) {
        refuseNextChat = false;
        return CONFLICT;
      }
      applied.chats++;
      return { ok: true, value: null };
    },
  };
  return {
    service: service as unknown as TableService,
    applied,
    refuseNextChat: () => {
      refuseNextChat = true;
    },
  };
}

const io = { in: () => ({ socketsJoin() {}, socketsLeave() {} }), to: () => ({ emit() {} }) };
const hello: HelloMessage = { code: "ABCD" } as HelloMessage;
const chat = (rid: string): Request => ({
  op: "command",
  code: "ABCD",
  id: "socket-1",
  rid,
  name: "chat",
  hello,
  msg: "hello there",
});

function desk() {
  const counting = countingService();
  return {
    ...counting,
    desk: new OwnerDesk(counting.service, soleOwnership, io as unknown as Server, new ManualClock()),
  };
}

describe("forwarded commands at the owner", () => {
  it("a chat line sent again under the same request id is applied once, and answered as the first time", async () => {
    const { desk: owner, applied } = desk();
    const first = await owner.handle(chat("r1"), "edge-1");
    const again = await owner.handle(chat("r1"), "edge-1");
    expect(applied.chats).toBe(1);
    expect(again).toEqual(first);
    expect(first?.value).toEqual({ ok: true, value: null });
    // a new line is a new request: applied
    await owner.handle(chat("r2"), "edge-1");
    expect(applied.chats).toBe(2);
  });

  it("a repeat that arrives while the first is still being served waits for it", async () => {
    const { desk: owner, applied } = desk();
    const [a, b] = await Promise.all([
      owner.handle(chat("r1"), "edge-1"),
      owner.handle(chat("r1"), "edge-1"),
    ]);
    expect(applied.chats).toBe(1);
    expect(b).toEqual(a);
  });

  it("a join sent again under the same request id takes one seat", async () => {
    const { desk: owner, applied } = desk();
    const join = (rid: string): Request => ({ op: "join", code: "ABCD", rid, body: { name: "P" } as never });
    const first = await owner.handle(join("j1"), "edge-1");
    const again = await owner.handle(join("j1"), "edge-1");
    expect(applied.joins).toBe(1);
    expect(again?.value).toEqual(first?.value);
    await owner.handle(join("j2"), "edge-1");
    expect(applied.joins).toBe(2);
  });

  it("a refusal that changed nothing is not remembered: the repeat is served", async () => {
    const { desk: owner, applied, refuseNextChat } = desk();
    refuseNextChat();
    expect((await owner.handle(chat("r1"), "edge-1"))?.value).toEqual(CONFLICT);
    expect((await owner.handle(chat("r1"), "edge-1"))?.value).toEqual({ ok: true, value: null });
    expect(applied.chats).toBe(1);
  });
});
