import { describe, expect, it } from "vitest";
import { parseRoute } from "./router";

describe("client routes", () => {
  it("knows the landing, table, how-to-play and credits pages", () => {
    expect(parseRoute("/")).toEqual({ name: "home" });
    expect(parseRoute("/t/K7MWQ2")).toEqual({ name: "table", code: "K7MWQ2" });
    expect(parseRoute("/t/k7mwq2/")).toEqual({ name: "table", code: "K7MWQ2" });
    expect(parseRoute("/replay/k7mwq2/3")).toEqual({ name: "replay", code: "K7MWQ2", match: 3 });
    for (const path of ["/replay/K7MWQ2/0", "/replay/K7MWQ2/x", "/replay/K7MWQ2", "/replay/<b>/1"])
      expect(parseRoute(path)).toEqual({ name: "notfound" });
    expect(parseRoute("/how-to-play")).toEqual({ name: "howto" });
    expect(parseRoute("/credits")).toEqual({ name: "credits" });
    expect(parseRoute("/games")).toEqual({ name: "games" });
    expect(parseRoute("/games/")).toEqual({ name: "games" });
  });

  it("knows players' profiles and the leaderboards", () => {
    expect(parseRoute("/@Alice")).toEqual({ name: "player", player: "Alice" });
    expect(parseRoute("/@J%C3%BCrgen")).toEqual({ name: "player", player: "Jürgen" });
    expect(parseRoute("/leaderboard/dreams")).toEqual({ name: "leaderboard", game: "dreams" });
    for (const path of ["/@", "/@a/b", "/leaderboard/", "/leaderboard/<b>"])
      expect(parseRoute(path)).toEqual({ name: "notfound" });
  });

  it("sends anything else to the not-found page", () => {
    for (const path of ["/t/", "/t/ab/cd", "/t/<script>", "/tables", "/t/AAAAAAAAAAAAAAAAAAAAAA"])
      expect(parseRoute(path)).toEqual({ name: "notfound" });
  });
});
