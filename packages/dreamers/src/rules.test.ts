import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { honestDeclaration, modificationPossible, parseAction, sumWith } from "./rules";

function code(input: unknown): string {
  const result = parseAction(input);
  return result.ok ? "ok" : result.error.code;
}

describe("parseAction", () => {
  it("returns a clean copy of each well-formed action", () => {
    const actions = [
      { type: "choose_identity", seat: 0, identity: "master" },
      { type: "play_dream", seat: 1, card: "dream-3a", declaration: "close" },
      { type: "play_dream", seat: 1, card: "dream-3a" },
      { type: "modify", seat: 0, card: "dream-9a", target: "second" },
      { type: "pass", seat: 0 },
      { type: "accuse", seat: 1 },
      { type: "end_turn", seat: 0 },
      { type: "ready", seat: 1 },
    ];
    for (const action of actions) {
      const parsed = parseAction(action);
      expect(parsed.ok && parsed.value).toEqual(action);
      expect(parsed.ok && parsed.value).not.toBe(action);
    }
    const negativeZero = parseAction({ type: "pass", seat: -0 });
    expect(negativeZero.ok && Object.is(negativeZero.value.seat, 0)).toBe(true);
    expect(code({ type: "play_dream", seat: 1, card: "dream-3a", declaration: undefined })).toBe("ok");
  });

  it("refuses wrong shapes, types, seats and extra fields", () => {
    expect(code(null)).toBe("action/malformed");
    expect(code(undefined)).toBe("action/malformed");
    expect(code("pass")).toBe("action/malformed");
    expect(code([{ type: "pass", seat: 0 }])).toBe("action/malformed");
    expect(code({ seat: 0 })).toBe("action/malformed");
    expect(code({ type: 3, seat: 0 })).toBe("action/malformed");
    expect(code({ type: "fly", seat: 0 })).toBe("action/unknown_type");
    expect(code({ type: "toString", seat: 0 })).toBe("action/unknown_type");
    expect(code({ type: "__proto__", seat: 0 })).toBe("action/unknown_type");
    expect(code({ type: "pass" })).toBe("action/malformed");
    expect(code({ type: "pass", seat: "0" })).toBe("action/malformed");
    expect(code({ type: "pass", seat: 1.5 })).toBe("action/malformed");
    expect(code({ type: "pass", seat: Number.NaN })).toBe("action/malformed");
    expect(code({ type: "pass", seat: Number.POSITIVE_INFINITY })).toBe("action/malformed");
    expect(code({ type: "pass", seat: 2 })).toBe("action/unknown_seat");
    expect(code({ type: "pass", seat: -1 })).toBe("action/unknown_seat");
    expect(code({ type: "pass", seat: 0, card: "dream-1a" })).toBe("action/malformed");
    expect(code({ type: "accuse", seat: 0, target: "first" })).toBe("action/malformed");
    expect(code({ type: "play_dream", seat: 0, card: "dream-1a", target: "first" })).toBe("action/malformed");
    expect(code({ type: "play_dream", seat: 0 })).toBe("action/malformed");
    expect(code({ type: "play_dream", seat: 0, card: 7 })).toBe("action/malformed");
    expect(code({ type: "play_dream", seat: 0, card: "nightmare-10" })).toBe("card/unknown");
    expect(code({ type: "play_dream", seat: 0, card: "dream-1a", declaration: "near" })).toBe(
      "declaration/unknown",
    );
    expect(code({ type: "play_dream", seat: 0, card: "dream-1a", declaration: null })).toBe(
      "declaration/unknown",
    );
    expect(code({ type: "modify", seat: 0, card: "dream-1a" })).toBe("modify/unknown_target");
    expect(code({ type: "choose_identity", seat: 0 })).toBe("identity/unknown");
  });

  it("reads only own fields, so a prototype cannot smuggle one in", () => {
    expect(code(Object.create({ type: "pass", seat: 0 }))).toBe("action/malformed");
    const inherited = Object.assign(Object.create({ declaration: "far" }), {
      type: "play_dream",
      seat: 0,
      card: "dream-1a",
    });
    const parsed = parseAction(inherited);
    expect(parsed.ok && parsed.value).toEqual({ type: "play_dream", seat: 0, card: "dream-1a" });
  });

  it("never throws on Proxies, throwing getters or revoked objects", () => {
    const throwingGetter = {
      type: "pass",
      get seat(): number {
        throw new Error("boom");
      },
    };
    const trapAll = new Proxy(
      {},
      {
        get() {
          throw new Error("get");
        },
        ownKeys() {
          throw new Error("keys");
        },
        getOwnPropertyDescriptor() {
          throw new Error("descriptor");
        },
      },
    );
    const { proxy: revoked, revoke } = Proxy.revocable({ type: "pass", seat: 0 }, {});
    revoke();
    let seatReads = 0;
    const shifty = new Proxy(
      { type: "pass", seat: 0 },
      {
        get(target, key) {
          if (key !== "seat") return Reflect.get(target, key);
          seatReads++;
          return seatReads === 1 ? 0 : 5;
        },
      },
    );
    for (const input of [throwingGetter, trapAll, revoked]) expect(code(input)).toBe("action/malformed");
    // Each field is read once: what was checked is what the parsed copy holds.
    const parsed = parseAction(shifty);
    expect(parsed.ok && parsed.value).toEqual({ type: "pass", seat: 0 });
    expect(seatReads).toBe(1);
  });

  it("never throws on anything at all", () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (input) => {
        const result = parseAction(input);
        if (!result.ok) expect(result.error.code).toMatch(/^[a-z]+\/[a-z_]+$/);
      }),
      { numRuns: 3000, seed: 3 },
    );
  });
});

describe("sums and modifiers", () => {
  it("applies a modifier to its target only", () => {
    expect(sumWith([4, 6], null, "first")).toBe(10);
    expect(sumWith([4, 6], "x2", "first")).toBe(14);
    expect(sumWith([4, 6], "x2", "second")).toBe(16);
    expect(sumWith([4, 6], "-3", "second")).toBe(7);
  });

  it("calls a modification possible exactly when some deck modifier reaches N", () => {
    expect(modificationPossible([4, 4], 10)).toBe(true); // +2
    expect(modificationPossible([4, 4], 12)).toBe(true); // x2
    expect(modificationPossible([4, 4], 5)).toBe(true); // -3
    expect(modificationPossible([4, 4], 4)).toBe(false);
    expect(modificationPossible([1, 2], 16)).toBe(false);
    expect(modificationPossible([10, 3], 16)).toBe(true); // +3
  });
});

describe("honestDeclaration", () => {
  it("is close within 3, far from 7, between otherwise", () => {
    expect(honestDeclaration(7, 10)).toBe("close");
    expect(honestDeclaration(10, 7)).toBe("close");
    expect(honestDeclaration(6, 10)).toBe("between");
    expect(honestDeclaration(4, 10)).toBe("between");
    expect(honestDeclaration(3, 10)).toBe("far");
    expect(honestDeclaration(1, 16)).toBe("far");
  });
});
