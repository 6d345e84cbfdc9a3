import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DeckUpload } from "../../components/DeckUpload";
import { RadioGroup } from "../../components/RadioGroup";
import type { CreateChoice } from "../record";

/** Dreams' part of the create form: the standard deck, or the player's own pictures uploaded here. */
export function DeckOptions({ onChange }: { onChange: (choice: CreateChoice) => void }) {
  const { t } = useTranslation();
  const [deckKind, setDeckKind] = useState<"standard" | "custom">("standard");
  const [customDeck, setCustomDeck] = useState<string | null>(null);
  useEffect(() => {
    const deck = deckKind === "custom" && customDeck ? { custom: customDeck } : "standard";
    const missing = deckKind === "custom" && customDeck === null ? t("landing.needDeck") : null;
    onChange({ fields: { deck }, missing });
  }, [deckKind, customDeck, onChange, t]);
  return (
    <>
      <RadioGroup
        legend={t("landing.deck")}
        name="deck"
        options={["standard", "custom"] as const}
        value={deckKind}
        onChange={(kind) => {
          setDeckKind(kind);
          setCustomDeck(null);
        }}
        label={(kind) => t(kind === "standard" ? "landing.deckStandard" : "landing.deckOwn")}
      />
      {deckKind === "custom" && <DeckUpload onDeck={setCustomDeck} />}
    </>
  );
}
