/**
 * The engine's promises at its boundary, for the plain exports a client or bot imports (not only the
 * contract object `dreams`): nothing a caller passes makes `apply`, `parseAction`, `checkAction` or
 * `verifyCommitment` throw; the state stays plain JSON; a guess is exactly `{ colour }` or `{ image }`.
 */
import { describe, expect, it } from "vitest";
import { newGame, placeAllStars } from "../test/helpers";
import { apply } from "./apply";
import { commit, revealedSecret, secretText, verifyCommitment } from "./commitment";
import { dreams } from "./game";
import { checkAction } from "./legal";
import { parseAction } from "./rules";
import type { Colour, DreamsState } from "./types";
import { view, viewEvent } from "./view";

/** Inputs that throw when read: a getter, Proxies whose traps throw, a revoked Proxy. */
function hostileInputs(valid: Record<string, unknown>): unknown[] {
  const getter = { ...valid };
  Object.defineProperty(getter, "x", { get: throwing, enumerable: true });
  const seatGetter = { ...valid };
  Object.defineProperty(seatGetter, "seat", { get: throwing, enumerable: true });
  const revocable = Proxy.revocable({ ...valid }, {});
  revocable.revoke();
  return [getter, seatGetter, new Proxy({ ...valid }, { get: throwing }), revocable.proxy];
}

const throwing = () => {
  throw new Error("boom");
};

describe("apply, parseAction and checkAction never throw", () => {
  const state = newGame(4, 3);
  const dealer = state.round.dealer;
  const star = { type: "place_star", seat: dealer, kind: "clear", x: 0.5, y: 0.5 };

  it("answer action/malformed for inputs that throw when read, and leave the state untouched", () => {
    const before = JSON.stringify(state);
    const inputs = hostileInputs(star);
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    // A guess is read by its own keys: Proxies there throw too.
    inputs.push(
      { type: "guess", seat: 0, guess: revoked.proxy },
      { type: "guess", seat: 0, guess: new Proxy({ colour: "red" }, { ownKeys: throwing }) },
      { type: "guess", seat: 0, guess: new Proxy({ image: 1 }, { get: throwing }) },
    );
    for (const input of inputs) {
      for (const run of [
        () => apply(state, input),
        () => parseAction(input),
        () => dreams.apply(state, input),
        () => dreams.parseAction(input),
      ]) {
        let result: ReturnType<typeof run> | undefined;
        expect(() => {
          result = run();
        }).not.toThrow();
        expect(result?.ok).toBe(false);
        if (result && !result.ok) expect(result.error.code).toMatch(/^action\//);
      }
      let problem: ReturnType<typeof checkAction> | undefined;
      expect(() => {
        problem = checkAction(view(state, dealer), input);
      }).not.toThrow();
      expect(problem?.code).toMatch(/^action\//);
      expect(dreams.checkAction(view(state, dealer), input)?.code).toMatch(/^action\//);
    }
    const revokedAlone = Proxy.revocable({}, {});
    revokedAlone.revoke();
    const result = apply(state, revokedAlone.proxy);
    expect(!result.ok && result.error.code).toBe("action/malformed");
    expect(JSON.stringify(state)).toBe(before);
  });

  it("read each field once, so a Proxy cannot pass one value to the checks and another to the state", () => {
    let reads = 0;
    const shifty = new Proxy(
      { ...star },
      {
        get(target, key) {
          if (key !== "x") return Reflect.get(target, key);
          reads++;
          return reads === 1 ? 0.5 : Number.NaN;
        },
      },
    );
    const result = apply(state, shifty);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.state.round.stars[0]).toMatchObject({ x: 0.5 });
    expect(reads).toBe(1);
  });

  it("the same action as plain data is accepted, so the refusals above are about reading it", () => {
    expect(apply(state, star).ok).toBe(true);
    expect(checkAction(view(state, dealer), star)).toBeNull();
  });
});

describe("the state stays plain JSON", () => {
  it("stores a -0 coordinate as 0, in the state and in the event", () => {
    const state = newGame(3, 5);
    const dealer = state.round.dealer;
    const result = apply(state, { type: "place_star", seat: dealer, kind: "gray", x: -0, y: 0.5 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const placed = result.value.state.round.stars[0];
    expect(Object.is(placed?.x, 0)).toBe(true);
    const event = result.value.events[0];
    expect(event?.type === "star_placed" && Object.is(event.x, 0)).toBe(true);
    const parsed = parseAction({ type: "place_star", seat: 0, kind: "gray", x: 0.5, y: -0 });
    expect(parsed.ok && Object.is(parsed.value.type === "place_star" && parsed.value.y, 0)).toBe(true);
    // A round trip through JSON gives back exactly the state.
    expect(JSON.parse(JSON.stringify(result.value.state))).toStrictEqual(result.value.state);
  });
});

describe("a guess is exactly { colour } or { image }", () => {
  const guessing = placeAllStars(newGame(3, 6));
  const mortal = guessing.round.mortal;
  const god = (mortal + 1) % 3;
  const other = guessing.colours[(god + 1) % 3] as Colour;

  it.each([
    [{ image: 2, note: "hi" }],
    [{ colour: "red", note: "hi" }],
    [{ colour: "red", image: 1 }],
    [{ image: 2, colour: undefined }],
    [{}],
    [[2]],
  ])("refuses %j as action/malformed", (guess) => {
    for (const seat of [mortal, god]) {
      const result = apply(guessing, { type: "guess", seat, guess });
      expect(!result.ok && result.error.code).toBe("action/malformed");
      expect(checkAction(view(guessing, seat), { type: "guess", seat, guess })?.code).toBe(
        "action/malformed",
      );
    }
  });

  it("accepts the exact forms", () => {
    expect(apply(guessing, { type: "guess", seat: mortal, guess: { image: 2 } }).ok).toBe(true);
    expect(apply(guessing, { type: "guess", seat: god, guess: { colour: other } }).ok).toBe(true);
  });
});

describe("verifyCommitment", () => {
  const secret = { round: 3, vision: 2 as const, mortal: 0, salt: "9f86d081884c7d659a2feaa0c55ad015" };
  const commitment = commit(secret);

  it("checks the documented text: dreams|<round>|<vision>|<mortal seat, 0-based>|<salt>", () => {
    expect(secretText(secret)).toBe("dreams|3|2|0|9f86d081884c7d659a2feaa0c55ad015");
    expect(verifyCommitment(commitment, secret)).toBe(true);
    expect(verifyCommitment(commitment, { ...secret, mortal: 1 })).toBe(false);
    expect(revealedSecret(secret)).toEqual({ round: 3, commitment, secret: secretText(secret) });
  });

  it("answers false, never throws, for anything that is not a secret and a commitment", () => {
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error("no");
        },
      },
    );
    for (const junk of [
      null,
      undefined,
      42,
      "dreams|3|2|0|x",
      [],
      {},
      throwing,
      revoked.proxy,
      { ...secret, vision: 5 },
      { ...secret, round: 0 },
      { ...secret, mortal: -1 },
      { ...secret, mortal: 0.5 },
      { ...secret, salt: secret.salt.toUpperCase() },
    ])
      expect(verifyCommitment(commitment, junk)).toBe(false);
    expect(verifyCommitment(null, secret)).toBe(false);
    expect(verifyCommitment(throwing, throwing)).toBe(false);
  });
});

describe("views", () => {
  it("give a viewer that is not a seat exactly the spectator's view", () => {
    const state: DreamsState = newGame(4, 8);
    const spectator = JSON.stringify(view(state, "spectator"));
    for (const viewer of [4, -1, 1.5, 99]) expect(JSON.stringify(view(state, viewer))).toBe(spectator);
    const placed = placeAllStars(state);
    const guessed = apply(placed, {
      type: "guess",
      seat: placed.round.mortal,
      guess: { image: 3 },
    });
    if (!guessed.ok) throw new Error(guessed.error.code);
    const event = guessed.value.events[0];
    if (!event) throw new Error("no event");
    expect(viewEvent(event, 99)).toEqual(viewEvent(event, "spectator"));
  });
});
