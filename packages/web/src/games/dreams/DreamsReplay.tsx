import type { Colour, DreamsView } from "@firmament/dreams";
import type { ReplayRound } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { useDeck } from "../../deck";
import { frameTable, roundOf } from "../../replay/frames";
import { ReplaySecrets } from "../../replay/ReplaySecrets";
import type { ReplayScreenProps } from "../types";
import { DreamsTable, seatsOf } from "./DreamsTable";

/** A Dreams replay frame: the game's own table as a spectator saw it, with the round's secrets below it. */
export default function DreamsReplay({ replay, frame, table }: ReplayScreenProps) {
  const view = frame.view as DreamsView;
  const cards = useDeck(table.config.deck ?? null);
  return (
    <>
      <div className="replay-board">
        <DreamsTable
          {...frameTable<"dreams">(replay, frame)}
          table={table}
          altOf={cards.altOf}
          imageOf={cards.imageOf}
        />
      </div>
      <DreamsSecrets view={view} round={roundOf(replay, view.round)} table={table} />
    </>
  );
}

/** The secret of a Dreams record round: `dreams|<round>|<vision>|<mortal>|<salt>`. */
export function readDreamsSecret(secret: string | null): { vision: number; mortal: number } | null {
  const parts = /^dreams\|\d+\|([1-4])\|(\d+)\|[0-9a-f]{32}$/.exec(secret ?? "");
  return parts ? { vision: Number(parts[1]), mortal: Number(parts[2]) } : null;
}

/** Each seat's guess in a record round's lines (`guess <seat> colour <c>` or `guess <seat> image <n>`). */
export function readDreamsGuesses(
  lines: readonly string[],
): Map<number, { colour: string } | { image: number }> {
  const guesses = new Map<number, { colour: string } | { image: number }>();
  for (const line of lines) {
    const [word, seat, kind, value] = line.split(" ");
    if (word !== "guess" || value === undefined) continue;
    guesses.set(Number(seat), kind === "colour" ? { colour: value } : { image: Number(value) });
  }
  return guesses;
}

function DreamsSecrets({
  view,
  round,
  table,
}: {
  view: DreamsView;
  round: ReplayRound | null;
  table: ReplayScreenProps["table"];
}) {
  const { t } = useTranslation();
  const seats = seatsOf(view, table, (c) => t(`colour.${c}`));
  const secret = readDreamsSecret(round?.secret ?? null);
  const guesses = readDreamsGuesses(round?.lines ?? []);
  return (
    <ReplaySecrets round={view.round} revealed={secret !== null}>
      {secret && (
        <>
          <li>
            <strong>{t("dreams.replay.vision", { n: secret.vision })}</strong>
          </li>
          <li>
            <strong>{t("dreams.replay.mortal", { name: seats.nameOf(secret.mortal) })}</strong>
          </li>
          {view.colours.map((_, seat) => {
            const guess = view.guessed[seat] || view.result ? guesses.get(seat) : undefined;
            const name = seats.nameOf(seat);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat, in seat order
              <li key={seat}>
                {!guess
                  ? t("dreams.replay.notGuessed", { name })
                  : "colour" in guess
                    ? t("dreams.replay.guessColour", {
                        name,
                        target: seats.nameOf(Math.max(0, view.colours.indexOf(guess.colour as Colour))),
                      })
                    : t("dreams.replay.guessImage", { name, n: guess.image })}
              </li>
            );
          })}
        </>
      )}
    </ReplaySecrets>
  );
}
