/**
 * Every face the Dreamers deck needs: the 20 Dream cards and 13 Nightmares of the decks' data file, the
 * identities, the gates, the first-player card and the three backs.
 */
import { DREAM_CARDS, type DreamCard, NIGHTMARE_CARDS } from "@firmament/dreamers";

export type FaceKind = "dream" | "nightmare" | "identity" | "gate" | "first-player" | "back";

export interface Face {
  id: string;
  kind: FaceKind;
  /** Dream and Nightmare cards only. */
  value?: number;
  /** Dream cards only: the modifier on the card's right side, or the skull. */
  effect?: DreamCard["effect"];
}

export const OTHER_FACES: readonly Face[] = [
  { id: "identity-dreamer", kind: "identity" },
  { id: "identity-master", kind: "identity" },
  { id: "gate-closed", kind: "gate" },
  { id: "gate-open", kind: "gate" },
  { id: "first-player", kind: "first-player" },
  { id: "back-dream", kind: "back" },
  { id: "back-nightmare", kind: "back" },
  { id: "back-identity", kind: "back" },
];

export function allFaces(): Face[] {
  return [
    ...DREAM_CARDS.map((c): Face => ({ id: c.id, kind: "dream", value: c.value, effect: c.effect })),
    ...NIGHTMARE_CARDS.map((c): Face => ({ id: c.id, kind: "nightmare", value: c.value })),
    ...OTHER_FACES,
  ];
}
