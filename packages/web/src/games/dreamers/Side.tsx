import type { DreamersView, Seat } from "@firmament/dreamers";
import type { TableInfo } from "@firmament/protocol";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "../../components/Countdown";
import { FirstPlayerBadge } from "./Cards";
import { effectText, pointsByRound, targetSeat } from "./text";

const SEATS: readonly Seat[] = [0, 1];

/** Both players: name, who leads (the first-player card), who is awaited, and their score. */
export function PlayersPanel({
  view,
  live = true,
  table,
  nameOf,
  deadline,
  limitMs,
}: {
  view: DreamersView;
  /** At a live table the awaited seat is thinking; in a replay it is simply to move. */
  live?: boolean;
  table: TableInfo | null;
  nameOf: (seat: Seat) => string;
  deadline: number | null;
  limitMs: number | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="panel dm-players"
      id="region-players"
      tabIndex={-1}
      aria-labelledby="dm-players-heading"
    >
      <h2 id="dm-players-heading">{t("dreamers.players.heading")}</h2>
      <ul>
        {SEATS.map((seat) => {
          const info = table?.seats[seat];
          const active = view.awaiting.includes(seat) && view.phase !== "over";
          return (
            <li key={seat} className={`dm-player${active ? " active" : ""}`}>
              <span className="dm-player-name">
                {nameOf(seat)}
                {view.me?.seat === seat && <span className="tag">{t("dreamers.you")}</span>}
                {info?.kind === "bot" && <span className="tag">{t("lobby.bot")}</span>}
                {info?.kind === "human" && !info.connected && (
                  <span className="tag warn">{t("lobby.away")}</span>
                )}
                {info?.botPlaying && <span className="tag warn">{t("game.botPlaying")}</span>}
              </span>
              {view.first === seat && view.phase !== "over" && <FirstPlayerBadge />}
              {active && (
                <span className="dm-thinking">
                  {view.me?.seat === seat
                    ? t("dreamers.players.yourMove")
                    : t(live ? "game.thinking" : "game.toMove")}
                </span>
              )}
              {active && deadline !== null && <Countdown deadline={deadline} limitMs={limitMs} />}
              <span className="dm-player-score">
                {t("dreamers.players.score", { count: view.scores[seat] ?? 0 })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The score over the game's rounds (5, or 6 with the tiebreak), finished rounds filled in. */
export function Scoreboard({ view, nameOf }: { view: DreamersView; nameOf: (seat: Seat) => string }) {
  const { t } = useTranslation();
  const rows = pointsByRound(view);
  return (
    <section
      className="panel dm-scoreboard"
      id="region-score"
      tabIndex={-1}
      aria-labelledby="dm-score-heading"
    >
      <h2 id="dm-score-heading">{t("dreamers.scoreboard.heading")}</h2>
      <table className="scoring">
        <caption>{t("dreamers.scoreboard.caption", { rounds: view.rounds })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("dreamers.scoreboard.roundColumn")}</th>
            {SEATS.map((seat) => (
              <th key={seat} scope="col">
                {nameOf(seat)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.round}
              className={row.round === view.round && view.phase !== "over" ? "current" : undefined}
            >
              <th scope="row">
                {row.round === 6 ? t("dreamers.scoreboard.tiebreak", { round: row.round }) : row.round}
              </th>
              {SEATS.map((seat) => (
                <td key={seat} className="num">
                  {row.points ? signed(row.points[seat] ?? 0) : "·"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("dreamers.scoreboard.total")}</th>
            {SEATS.map((seat) => (
              <td key={seat} className="num">
                <strong>{total(view.scores[seat] ?? 0)}</strong>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** A total, with a real minus sign when below zero. */
export function total(points: number): string {
  return points < 0 ? `−${-points}` : String(points);
}

/** Points won or lost, always with their sign. */
export function signed(points: number): string {
  if (points > 0) return `+${points}`;
  if (points < 0) return `−${-points}`;
  return "0";
}

/** This round's finished turns, in words. */
export function History({ view, nameOf }: { view: DreamersView; nameOf: (seat: Seat) => string }) {
  const { t } = useTranslation();
  const me = view.me?.seat ?? null;
  // On a desktop the list scrolls inside the side column: the newest turn is kept in view.
  const list = useRef<HTMLOListElement>(null);
  const turns = view.history.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a turn is added
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns]);
  return (
    <section
      className="panel dm-history"
      id="region-turns"
      tabIndex={-1}
      aria-labelledby="dm-history-heading"
    >
      <h2 id="dm-history-heading">{t("dreamers.history.heading")}</h2>
      {view.history.length === 0 ? (
        <p className="muted">{t("dreamers.history.none")}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list needs focus to scroll by keys
        <ol ref={list} tabIndex={0} aria-labelledby="dm-history-heading">
          {view.history.map((record) => {
            const modifier = record.modifier;
            const owner = modifier ? targetSeat(record.first, modifier.target) : null;
            return (
              <li key={record.turn} className={record.gateOpened ? "gate" : undefined}>
                <span>
                  {t("dreamers.history.led", {
                    turn: record.turn,
                    name: nameOf(record.first),
                    n: record.nightmare.value,
                    declaration: t(`dreamers.declaration.${record.declaration}`),
                  })}
                </span>{" "}
                <span>
                  {t("dreamers.history.plays", { a: record.plays[0].value, b: record.plays[1].value })}
                </span>{" "}
                {modifier && owner !== null && (
                  <span>
                    {t("dreamers.history.modifier", {
                      name: nameOf(modifier.seat),
                      modifier: effectText(modifier.modifier, t),
                      target:
                        owner === me
                          ? t("dreamers.table.yourCardInline")
                          : t("dreamers.table.cardOf", { name: nameOf(owner) }),
                    })}
                  </span>
                )}{" "}
                <strong>
                  <span aria-hidden="true">{record.gateOpened ? "✓ " : "✗ "}</span>
                  {t(record.gateOpened ? "dreamers.history.gate" : "dreamers.history.noGate", {
                    sum: record.sum,
                  })}
                </strong>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
