import type { DreamersRoundBeliefs, DreamersView, Seat } from "@firmament/dreamers";
import { BeliefBar, BeliefGroup, BeliefLegend, useBeliefT, useRoundBeliefs } from "../../components/beliefs";

/**
 * The Dreamer bot's belief, turn by turn, that the other player was the Master, for each seat had it
 * been a Dreamer (from the cards everyone saw). `step` (0 … turns) shows the beliefs up to that turn,
 * for a replay; without it, the whole round.
 */
export function DreamersBeliefs({
  beliefs,
  step,
  nameOf,
  headingLevel = 3,
}: {
  beliefs: DreamersRoundBeliefs;
  step?: number;
  /** 3 beside the scores; 2 where the panel stands on its own (a replay). */
  headingLevel?: 2 | 3;
  nameOf: (seat: Seat) => string;
}) {
  const { t } = useBeliefT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="beliefs" aria-labelledby={`dm-beliefs-heading-${beliefs.round}`}>
      <Heading id={`dm-beliefs-heading-${beliefs.round}`}>{t("dreamers.beliefs.heading")}</Heading>
      <p className="beliefs-intro">{t("dreamers.beliefs.intro")}</p>
      <BeliefLegend best={t("dreamers.beliefs.latest")} />
      <ul className="belief-seats">
        {([0, 1] as const).map((seat) => {
          const turns = beliefs.seats[seat];
          const shown = step === undefined ? turns : turns.slice(0, Math.max(1, Math.floor(step) + 1));
          const name = nameOf(seat);
          return (
            <li key={seat} className="belief-seat">
              <span className="who">{name}</span>
              <BeliefGroup label={t("dreamers.beliefs.group", { name })} title={t("beliefs.turns")}>
                {shown.map((p, turn) => (
                  <BeliefBar
                    // biome-ignore lint/suspicious/noArrayIndexKey: turns are positions
                    key={turn}
                    value={p}
                    label={turn === 0 ? t("beliefs.prior") : t("beliefs.afterTurn", { turn })}
                    tick={turn}
                    strongest={turn === shown.length - 1}
                  />
                ))}
              </BeliefGroup>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** At a round's end: fetches its beliefs (public from now on) and shows them. */
export function RoundEndBeliefs({
  code,
  match,
  view,
  nameOf,
}: {
  code: string;
  match: number;
  view: DreamersView;
  nameOf: (seat: Seat) => string;
}) {
  const { t } = useBeliefT();
  const round = view.result?.round ?? view.round;
  const state = useRoundBeliefs(code, match, round, view.result !== null);
  if (state.status === "idle") return null;
  if (state.status !== "ready" || state.beliefs.game !== "dreamers")
    return (
      <p className="beliefs muted" aria-live="polite">
        {t(state.status === "loading" ? "beliefs.loading" : "beliefs.unavailable")}
      </p>
    );
  return <DreamersBeliefs beliefs={state.beliefs} nameOf={nameOf} />;
}
