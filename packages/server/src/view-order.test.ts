import { describe, expect, it } from "vitest";
import { admitPush } from "./view-order";

const socketAt = (code: string | null) => ({ data: { conn: { code } } as Record<string, unknown> });
const view = (match: number, version: number) => ({ match, game: match, version, view: {}, events: [] });

describe("views in order (admitPush)", () => {
  it("drops a view older than one sent, and events already sent; lets the same view again", () => {
    const socket = socketAt("ABCDEF");
    expect(admitPush(socket, "view", view(1, 5))).toBe(true);
    expect(admitPush(socket, "view", view(1, 4))).toBe(false);
    expect(admitPush(socket, "view", view(1, 5))).toBe(true);
    expect(admitPush(socket, "events", view(1, 5))).toBe(false);
    expect(admitPush(socket, "events", view(1, 6))).toBe(true);
    expect(admitPush(socket, "view", view(1, 5))).toBe(false);
    expect(admitPush(socket, "view", view(2, 0))).toBe(true);
    expect(admitPush(socket, "view", view(1, 9))).toBe(false);
  });

  it("reads `game` as the match of an old push, orders nothing else, and starts afresh at another table", () => {
    const socket = socketAt("ABCDEF");
    expect(admitPush(socket, "view", { game: 3, version: 2 })).toBe(true);
    expect(admitPush(socket, "view", { game: 3, version: 1 })).toBe(false);
    expect(admitPush(socket, "table", { version: 0 })).toBe(true);
    expect(admitPush(socket, "chat", null)).toBe(true);
    (socket.data.conn as { code: string }).code = "GHIJKL";
    expect(admitPush(socket, "view", view(1, 1))).toBe(true);
  });
});
