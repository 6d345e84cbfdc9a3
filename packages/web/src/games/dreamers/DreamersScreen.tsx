import type { GameScreenProps } from "../types";
import { DreamersTable } from "./DreamersTable";
import { useDreamersStrings } from "./i18n";

/** Dreamers' screen: its strings in the reader's language, around the game table. */
export default function DreamersScreen(props: GameScreenProps<"dreamers">) {
  useDreamersStrings();
  return <DreamersTable {...props} />;
}

export { default as DreamersReplay } from "./DreamersReplay";
