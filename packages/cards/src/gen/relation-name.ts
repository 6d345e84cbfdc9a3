/** The ways a card's subject and its object can meet (`RELATIONS` in `relations.ts` draws each). */
export type RelationName =
  | "hills"
  | "moon"
  | "balloons"
  | "boat"
  | "stairs"
  | "dome"
  | "pour"
  | "tree"
  | "reflect"
  | "shadow"
  | "island"
  | "house"
  | "flock"
  | "sky";
