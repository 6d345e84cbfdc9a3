import type { Colour, DreamsRoundBeliefs, DreamsView } from "@firmament/dreams";
import { useState } from "react";
import {
  argMax,
  BeliefBar,
  BeliefGroup,
  BeliefLegend,
  useBeliefT,
  useRoundBeliefs,
} from "../../components/beliefs";
import { PlayerMark } from "../../components/Symbols";

/**
 * What the strongest bot believed in every seat of a Dreams round, from the stars alone: as the mortal,
 * over the four cards; as a god, over who was the mortal. `step` (0 … stars) shows the beliefs after
 * that many stars, for a replay; without it, the beliefs at the reveal.
 */
export function DreamsBeliefs({
  beliefs,
  step,
  nameOf,
  headingLevel = 3,
  colours,
}: {
  beliefs: DreamsRoundBeliefs;
  step?: number;
  /** 3 beside the scores; 2 where the panel stands on its own (a replay). */
  headingLevel?: 2 | 3;
  nameOf: (seat: number) => string;
  colours: readonly string[];
}) {
  const { t } = useBeliefT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const last = beliefs.steps.length - 1;
  const at = step === undefined ? last : Math.max(0, Math.min(last, Math.floor(step)));
  const seats = beliefs.steps[at] ?? beliefs.final;
  return (
    <section className="beliefs" aria-labelledby={`beliefs-heading-${beliefs.round}`}>
      <Heading id={`beliefs-heading-${beliefs.round}`}>{t("beliefs.heading")}</Heading>
      <p className="beliefs-intro">{t("beliefs.intro")}</p>
      <BeliefLegend best={t("beliefs.legendBest")} />
      {step !== undefined && (
        <p className="belief-step" aria-live="polite">
          {at === 0 ? t("beliefs.start") : t("beliefs.step", { step: at, total: last })}
        </p>
      )}
      <ul className="belief-seats">
        {seats.map((belief, seat) => {
          const name = nameOf(seat);
          const mortalBest = argMax(belief.asMortal);
          const others = belief.asGod.map((p, s) => ({ p, s })).filter(({ s }) => s !== seat);
          const godBest = argMax(others.map((o) => o.p));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            <li key={seat} className="belief-seat">
              <span className="who">
                <PlayerMark colour={colours[seat] as Colour} size={14} />
                <span>{name}</span>
              </span>
              <BeliefGroup label={t("beliefs.mortalGroup", { name })} title={t("beliefs.asMortal")}>
                {belief.asMortal.map((p, card) => (
                  <BeliefBar
                    // biome-ignore lint/suspicious/noArrayIndexKey: the four cards are positions
                    key={card}
                    value={p}
                    label={t("beliefs.card", { card: card + 1 })}
                    tick={card + 1}
                    strongest={card === mortalBest}
                  />
                ))}
              </BeliefGroup>
              {others.length > 0 && (
                <BeliefGroup label={t("beliefs.godGroup", { name })} title={t("beliefs.asGod")}>
                  {others.map(({ p, s }, j) => (
                    <BeliefBar
                      key={s}
                      value={p}
                      label={nameOf(s)}
                      tick={<PlayerMark colour={colours[s] as Colour} size={10} />}
                      strongest={j === godBest}
                    />
                  ))}
                </BeliefGroup>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** At a reveal: fetches the round's beliefs (public from now on) and shows them, with a slider over the stars. */
export function RevealBeliefs({
  code,
  match,
  view,
  nameOf,
}: {
  code: string;
  match: number;
  view: DreamsView;
  nameOf: (seat: number) => string;
}) {
  const { t } = useBeliefT();
  const state = useRoundBeliefs(code, match, view.round, view.result !== null);
  // Watch the doubt grow and shrink: the beliefs after any number of the round's stars.
  const [step, setStep] = useState<number | null>(null);
  if (state.status === "idle") return null;
  if (state.status !== "ready" || state.beliefs.game !== "dreams")
    return (
      <p className="beliefs muted" aria-live="polite">
        {t(state.status === "loading" ? "beliefs.loading" : "beliefs.unavailable")}
      </p>
    );
  const beliefs = state.beliefs;
  const last = beliefs.steps.length - 1;
  const at = step ?? last;
  return (
    <>
      <DreamsBeliefs
        beliefs={beliefs}
        nameOf={nameOf}
        colours={view.colours}
        {...(step !== null && { step })}
      />
      <label className="belief-slider">
        <span>{t("beliefs.slider")}</span>
        <input
          type="range"
          min={0}
          max={last}
          step={1}
          value={at}
          aria-valuetext={at === 0 ? t("beliefs.start") : t("beliefs.step", { step: at, total: last })}
          onChange={(event) => setStep(Number(event.currentTarget.value))}
        />
      </label>
    </>
  );
}
