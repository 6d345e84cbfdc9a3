import type { GameScreenProps } from "../types";
import { DreamersTable } from "./DreamersTable";

/** Dreamers' screen: the game table (its strings are loaded with it, games/index.tsx). */
export default function DreamersScreen(props: GameScreenProps<"dreamers">) {
  return <DreamersTable {...props} />;
}
