import type { DreamsTableView } from "@firmament/dreams";
import { fold, type PublicEvent, revealedSecret } from "@firmament/dreams";

/**
 * Dreams' view as the server sends it, after one event: the engine's pure fold, plus the secret of a
 * round just revealed added to `revealed`, as the server adds it (docs/protocol.md, `events`).
 */
export function foldDreams(view: DreamsTableView, event: PublicEvent): DreamsTableView {
  const revealed =
    event.type === "round_revealed" ? [...view.revealed, revealedSecret(event.result.secret)] : view.revealed;
  return { ...fold(view, event), revealed };
}
