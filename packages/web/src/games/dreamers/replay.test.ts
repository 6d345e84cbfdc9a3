import { describe, expect, it } from "vitest";
import { chosenIdentity, faceDownCard, readDreamersSecret } from "./DreamersReplay";

describe("Dreamers replay overlays", () => {
  const lines = [
    "choose 1 master",
    "commit ab",
    "turn 1 first 0 nightmare nightmare-14",
    "play 0 dream-9a between",
    "play 1 dream-9b",
    "end 0",
    "turn 2 first 1 nightmare nightmare-9",
    "play 1 hidden close",
  ];

  it("read the revealed identities, nothing from a malformed secret", () => {
    expect(readDreamersSecret(`dreamers|2|dreamer|master|dreamer|${"a".repeat(32)}`)).toEqual({
      identities: ["dreamer", "master"],
      unused: "dreamer",
    });
    expect(readDreamersSecret("dreamers|2|master|master|dreamer|x")).toBeNull();
    expect(readDreamersSecret(null)).toBeNull();
  });

  it("find the first player's face-down card of a turn, never a hidden one", () => {
    expect(faceDownCard(lines, 1, 0)).toBe("dream-9a");
    expect(faceDownCard(lines, 2, 1)).toBeNull();
    expect(chosenIdentity(lines)).toEqual({ seat: 1, identity: "master" });
    expect(chosenIdentity(["choose 1"])).toBeNull();
  });
});
