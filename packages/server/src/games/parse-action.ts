import type { ClientAction, ProtocolError } from "@firmament/protocol";
import type { ServerGame } from "./types";

/** The rules' codes for an action that is no action of the game at all: to a client, malformed input. */
const NOT_AN_ACTION = new Set(["action/malformed", "action/unknown_type"]);

/**
 * Reads a client's action for `seat` with its table's game's `parseAction`, the one check of an action's
 * shape (the socket message around it was checked before). An action that is none of the game's, or
 * carries a field the game does not read, is `input/malformed`, and a value outside the game's
 * vocabulary `input/invalid`, as for any other message; the game's other codes (an unknown card…) are
 * passed through.
 */
export function parseClientAction(
  game: ServerGame,
  action: ClientAction,
  seat: number,
): { ok: true; value: { type: string; seat: number } } | { ok: false; error: ProtocolError } {
  const parsed = game.rules.parseAction({ ...action, seat });
  if (!parsed.ok) {
    const { code, message } = parsed.error;
    if (NOT_AN_ACTION.has(code)) return { ok: false, error: { code: "input/malformed", message } };
    if (game.vocabularyCodes.has(code)) return { ok: false, error: { code: "input/invalid", message } };
    return { ok: false, error: { code, message } };
  }
  const value = parsed.value as { type: string; seat: number };
  const unread = Object.keys(action).find((key) => !Object.hasOwn(value, key));
  if (unread !== undefined)
    return {
      ok: false,
      error: { code: "input/malformed", message: `action: a ${value.type} action has no field ${unread}.` },
    };
  return { ok: true, value };
}
