import { useDeck } from "../../deck";
import type { GameScreenProps } from "../types";
import { DreamsTable } from "./DreamsTable";

/** Dreams' screen: the table's deck (its images and alt texts) around the game table. */
export default function DreamsScreen(props: GameScreenProps<"dreams">) {
  const cards = useDeck(props.table.config.deck ?? null);
  return <DreamsTable {...props} altOf={cards.altOf} imageOf={cards.imageOf} />;
}
