import { type DreamersView, dreamCard } from "@firmament/dreamers";
import type { ReplayRound } from "@firmament/protocol";
import { useTranslation } from "react-i18next";
import { frameTable, roundOf } from "../../replay/frames";
import { ReplaySecrets } from "../../replay/ReplaySecrets";
import type { ReplayScreenProps } from "../types";
import { DreamersTable } from "./DreamersTable";

/** A Dreamers replay frame: the game's own table as a spectator saw it, with the round's secrets below it. */
export default function DreamersReplay({ replay, frame, table }: ReplayScreenProps) {
  const view = frame.view as DreamersView;
  return (
    <>
      <div className="replay-board">
        <DreamersTable {...frameTable<"dreamers">(replay, frame)} table={table} />
      </div>
      <DreamersSecrets view={view} round={roundOf(replay, view.round)} table={table} />
    </>
  );
}

/** The secret of a Dreamers record round: `dreamers|<round>|<seat 0>|<seat 1>|<unused>|<salt>`. */
export function readDreamersSecret(
  secret: string | null,
): { identities: [string, string]; unused: string } | null {
  const parts = /^dreamers\|\d+\|(dreamer|master)\|(dreamer|master)\|(dreamer|master)\|[0-9a-f]{32}$/.exec(
    secret ?? "",
  );
  return parts ? { identities: [parts[1] as string, parts[2] as string], unused: parts[3] as string } : null;
}

/** The card the first player of `turn` played face down, from the round's lines (once they are public). */
export function faceDownCard(lines: readonly string[], turn: number, first: number): string | null {
  let current = 0;
  for (const line of lines) {
    const [word, a, b] = line.split(" ");
    if (word === "turn") current = Number(a);
    else if (word === "play" && current === turn && Number(a) === first && b !== "hidden") return b ?? null;
  }
  return null;
}

/** The identity a falsely accused player chose at the round's start (`choose <seat> <identity>`), if any. */
export function chosenIdentity(lines: readonly string[]): { seat: number; identity: string } | null {
  for (const line of lines) {
    const [word, seat, identity] = line.split(" ");
    if (word === "choose" && identity) return { seat: Number(seat), identity };
  }
  return null;
}

function DreamersSecrets({
  view,
  round,
  table,
}: {
  view: DreamersView;
  round: ReplayRound | null;
  table: ReplayScreenProps["table"];
}) {
  const { t } = useTranslation();
  const secret = readDreamersSecret(round?.secret ?? null);
  const nameOf = (seat: number) => table.seats[seat]?.name ?? t("dreamers.seatName", { n: seat + 1 });
  const identity = (id: string) => t(id === "master" ? "dreamers.replay.master" : "dreamers.replay.dreamer");
  const hidden =
    view.phase === "second_play" && secret ? faceDownCard(round?.lines ?? [], view.turn, view.first) : null;
  const card = hidden ? dreamCard(hidden) : undefined;
  const chosen = secret ? chosenIdentity(round?.lines ?? []) : null;
  return (
    <ReplaySecrets round={view.round} revealed={secret !== null}>
      {secret && (
        <>
          {secret.identities.map((id, seat) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat, in seat order
            <li key={seat}>
              <strong>{t("dreamers.replay.identity", { name: nameOf(seat), identity: identity(id) })}</strong>
            </li>
          ))}
          <li>{t("dreamers.replay.unused", { identity: identity(secret.unused) })}</li>
          {chosen && (
            <li>
              {t("dreamers.replay.chose", { name: nameOf(chosen.seat), identity: identity(chosen.identity) })}
            </li>
          )}
          {card && (
            <li>
              {t("dreamers.replay.faceDown", {
                name: nameOf(view.first),
                value: card.value,
                effect: card.effect,
              })}
            </li>
          )}
        </>
      )}
    </ReplaySecrets>
  );
}
