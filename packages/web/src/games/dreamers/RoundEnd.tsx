import { type DreamersView, type Seat, verifyCommitment } from "@firmament/dreamers";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useIntoViewOnAppear } from "../../components/useIntoView";
import { IdentityFace } from "./Cards";
import { signed, total } from "./Side";
import { chooserAfter, other, ranking } from "./text";

const SEATS: readonly Seat[] = [0, 1];

/**
 * A finished round: how it ended, both identities and the unused one face up, the points by rule, and
 * the check of the deal against its commitment. At the game's end, the final ranking comes first.
 */
export function RoundEnd({
  view,
  nameOf,
  canReady,
  host,
  busy,
  onReady,
  onPlayAgain,
  live = true,
  children,
}: {
  view: DreamersView;
  nameOf: (seat: Seat) => string;
  /** A live table (false in a replay: nobody to wait for, no game to start again). */
  live?: boolean;
  canReady: boolean;
  host: boolean;
  busy: boolean;
  onReady: () => void;
  onPlayAgain: () => void;
  /** Shown under the scoring table (the bot's beliefs). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const result = view.result;
  if (!result) return null;
  const over = view.phase === "over";
  const identities = result.secret.identities;
  const chooser = chooserAfter(result);
  const nobody = result.scoring.every((row) => row.reasons.length === 0);
  const verified = view.commitment !== "" && verifyCommitment(view.commitment, result.secret);
  const waiting = SEATS.filter((seat) => !view.ready[seat] && seat !== view.me?.seat);
  const HeadingTag = over ? "h3" : "h2";
  return (
    <section
      className={`panel dm-round-end${over ? " over" : ""}`}
      tabIndex={-1}
      data-decision-area
      aria-labelledby="dm-end-heading"
    >
      {over && (
        <GameOver view={view} nameOf={nameOf} host={host} busy={busy} live={live} onPlayAgain={onPlayAgain} />
      )}
      <HeadingTag id={over ? undefined : "dm-end-heading"}>
        {t("dreamers.end.heading", { round: result.round })}
      </HeadingTag>
      <p className="dm-end-how">
        {result.end === "gates"
          ? t("dreamers.end.gates")
          : result.end === "accusation" && result.accuser !== null
            ? t("dreamers.end.accusation", {
                accuser: nameOf(result.accuser),
                accused: nameOf(other(result.accuser)),
              })
            : t("dreamers.end.exhausted", { gates: result.gates })}
      </p>
      <h3 className="visually-hidden">{t("dreamers.end.identities")}</h3>
      <div className="dm-reveal">
        {SEATS.map((seat) => (
          <figure key={seat} className="dm-revealed">
            <span aria-hidden="true">
              <IdentityFace identity={identities[seat] ?? null} />
            </span>
            <figcaption>{t(`dreamers.end.was.${identities[seat]}`, { name: nameOf(seat) })}</figcaption>
          </figure>
        ))}
        <figure className="dm-revealed unused">
          <span aria-hidden="true">
            <IdentityFace identity={result.secret.unused} />
          </span>
          <figcaption>{t(`dreamers.end.unused.${result.secret.unused}`)}</figcaption>
        </figure>
      </div>
      <table className="scoring">
        <caption>{t("dreamers.end.scoring")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("dreamers.end.player")}</th>
            <th scope="col">{t("dreamers.end.points")}</th>
            <th scope="col">{t("dreamers.end.total")}</th>
          </tr>
        </thead>
        <tbody>
          {result.scoring.map((row) => (
            <tr key={row.seat}>
              <th scope="row">{nameOf(row.seat)}</th>
              <td>
                <strong>{signed(row.points)}</strong>{" "}
                {row.reasons.length === 0 ? (
                  <span className="muted">{t("dreamers.end.nothing")}</span>
                ) : (
                  <span>{row.reasons.map((r) => t(`dreamers.end.reason.${r}`)).join("; ")}</span>
                )}
              </td>
              <td className="num">{total(result.scores[row.seat] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {children}
      {nobody && result.end !== "accusation" && <p>{t("dreamers.end.nobody")}</p>}
      {chooser !== null && !over && <p>{t("dreamers.end.chooserNext", { name: nameOf(chooser) })}</p>}
      {view.commitment !== "" && (
        <p className={verified ? "muted" : "error"}>
          <span aria-hidden="true">{verified ? "✓ " : "⚠ "}</span>
          {t(verified ? "dreamers.end.verified" : "dreamers.end.notVerified")}
        </p>
      )}
      {!over && live && (
        <div className="reveal-actions" data-decision>
          {canReady && (
            <button type="button" className="primary" disabled={busy} onClick={onReady}>
              {t("dreamers.actions.ready")}
            </button>
          )}
          {waiting.map((seat) => (
            <p key={seat} className="muted">
              {t("dreamers.status.waitingFor", { name: nameOf(seat) })}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}

function GameOver({
  view,
  nameOf,
  host,
  busy,
  live,
  onPlayAgain,
}: {
  view: DreamersView;
  nameOf: (seat: Seat) => string;
  host: boolean;
  busy: boolean;
  live: boolean;
  onPlayAgain: () => void;
}) {
  const { t } = useTranslation();
  const winners = view.winners ?? [];
  const places = ranking(view.scores);
  const best = places[0]?.score ?? 0;
  const end = useIntoViewOnAppear<HTMLDivElement>();
  return (
    <div className="dm-over" ref={end} data-decision>
      <h2 id="dm-end-heading">{t("dreamers.over.heading")}</h2>
      <p className="winners">
        {winners.length > 1
          ? t("dreamers.over.tie", { count: best })
          : t("dreamers.over.winner", { name: nameOf(winners[0] ?? places[0]?.seat ?? 0), count: best })}
      </p>
      {view.rounds === 6 && <p className="muted">{t("dreamers.over.tiebreak")}</p>}
      <h3>{t("dreamers.over.ranking")}</h3>
      <ol className="dm-ranking">
        {places.map(({ seat, place, score }) => (
          <li key={seat} className={winners.includes(seat) ? "winner" : undefined}>
            <span>{t("dreamers.over.place", { place, name: nameOf(seat) })}</span>
            <span>{t("dreamers.players.score", { count: score })}</span>
          </li>
        ))}
      </ol>
      {live &&
        (host ? (
          <button type="button" className="primary" disabled={busy} onClick={onPlayAgain}>
            {t("dreamers.actions.playAgain")}
          </button>
        ) : (
          <p className="muted">{t("dreamers.actions.waitPlayAgain")}</p>
        ))}
    </div>
  );
}
