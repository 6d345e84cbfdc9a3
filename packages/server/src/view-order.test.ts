import { describe, expect, it } from "vitest";
import { admitPush, orderPushesFor } from "./view-order";

const view = (match: number, version: number) => ({ match, game: match, version, view: {}, events: [] });

describe("views in order (admitPush)", () => {
  it("drops a view older than one sent, and events already sent; lets the same view again", () => {
    const socket = { data: {} };
    orderPushesFor(socket, "abcdef");
    expect(admitPush(socket, "view", view(1, 5))).toBe(true);
    expect(admitPush(socket, "view", view(1, 4))).toBe(false);
    expect(admitPush(socket, "view", view(1, 5))).toBe(true);
    expect(admitPush(socket, "events", view(1, 5))).toBe(false);
    expect(admitPush(socket, "events", view(1, 6))).toBe(true);
    expect(admitPush(socket, "view", view(1, 5))).toBe(false);
    expect(admitPush(socket, "view", view(2, 0))).toBe(true);
    expect(admitPush(socket, "view", view(1, 9))).toBe(false);
  });

  it("orders a table's pushes that arrive before its hello is answered; another table starts afresh", () => {
    const socket = { data: {} };
    orderPushesFor(socket, "ABCDEF");
    // a push of the table arrives before the answer to its hello, which carries an older view
    expect(admitPush(socket, "view", view(2, 175))).toBe(true);
    orderPushesFor(socket, "ABCDEF"); // the same table again (a hello sent twice): nothing forgotten
    expect(admitPush(socket, "view", view(2, 174))).toBe(false);
    orderPushesFor(socket, "GHIJKL");
    expect(admitPush(socket, "view", view(1, 1))).toBe(true);
  });

  it("reads `game` as the match of an old push and orders nothing else", () => {
    const socket = { data: {} };
    orderPushesFor(socket, "ABCDEF");
    expect(admitPush(socket, "view", { game: 3, version: 2 })).toBe(true);
    expect(admitPush(socket, "view", { game: 3, version: 1 })).toBe(false);
    expect(admitPush(socket, "table", { version: 0 })).toBe(true);
    expect(admitPush(socket, "chat", null)).toBe(true);
  });
});
