import { type DreamsView, type Guess, legalActions } from "@firmament/dreams";
import { useTranslation } from "react-i18next";
import { PlayerMark } from "../../components/Symbols";
import type { Seats } from "./seats";

/** A guess as players say it: the player a god named ("Bruno", not "purple"), or the mortal's image. */
export function guessText(
  guess: Guess,
  view: DreamsView,
  seats: Seats,
  t: (k: string, o?: Record<string, unknown>) => string,
): string {
  if ("image" in guess) return t("dreams.game.guessImageShort", { n: guess.image });
  const seat = view.colours.indexOf(guess.colour);
  return seat < 0 ? t(`colour.${guess.colour}`) : seats.nameOf(seat);
}

/** One guess button: a player's colour and name (gods), or an image's number (the mortal). */
function GuessButton({
  guess,
  first,
  view,
  seats,
  busy,
  onGuess,
}: {
  guess: Guess;
  first: boolean;
  view: DreamsView;
  seats: Seats;
  busy: boolean;
  onGuess: (g: Guess) => void;
}) {
  const { t } = useTranslation();
  const common = {
    type: "button",
    disabled: busy,
    onClick: () => onGuess(guess),
    ...(first && { "data-focus-first": true }),
  } as const;
  if ("image" in guess)
    return (
      <button {...common} aria-label={t("dreams.game.guessImage", { n: guess.image })}>
        {guess.image}
      </button>
    );
  const name = seats.nameOf(view.colours.indexOf(guess.colour));
  return (
    <button
      {...common}
      aria-label={t("dreams.game.guessColour", { colour: t(`colour.${guess.colour}`), name })}
    >
      <PlayerMark colour={guess.colour} size={20} />
      <span>{t(`colour.${guess.colour}`)}</span> <small>{name}</small>
    </button>
  );
}

/** Gods pick a colour, the mortal an image; the engine's legalActions decides which buttons exist. */
export function GuessPanel({
  view,
  seats,
  onGuess,
  busy,
}: {
  view: DreamsView;
  seats: Seats;
  onGuess: (g: Guess) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const me = view.me;
  if (view.phase !== "guessing" || !me) return null;
  const legal = legalActions(view).find((a) => a.type === "guess");
  return (
    <section
      className="panel guess"
      id="region-guess"
      tabIndex={-1}
      aria-label={t("dreams.game.guessHeading")}
    >
      <h2>{me.role === "mortal" ? t("dreams.game.guessMortal") : t("dreams.game.guessGod")}</h2>
      {me.guess ? (
        <p>
          {t("dreams.game.yourGuess", { guess: guessText(me.guess, view, seats, t) })}{" "}
          {t("dreams.game.youGuessed")}
        </p>
      ) : legal && legal.type === "guess" ? (
        <div className={me.role === "mortal" ? "guess-images" : "guess-colours"}>
          {legal.guesses.map((g, i) => (
            <GuessButton
              key={"colour" in g ? g.colour : g.image}
              {...{ guess: g, first: i === 0, view, seats, busy, onGuess }}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
