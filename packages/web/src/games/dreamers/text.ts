/**
 * Dreamers' words for what the view shows: card names, who is doing what, what just happened. Pure
 * functions of the view (and the events that led to it), so they are tested without a browser.
 */
import {
  type DreamCard,
  type DreamersPublicEvent,
  type DreamersView,
  dreamCard,
  falselyAccused,
  nightmareCard,
  type Seat,
  type Target,
} from "@firmament/dreamers";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A modifier or the skull as printed on a card: `+2`, `−1` (a real minus), `×2`, or the skull's name. */
export function effectText(effect: DreamCard["effect"], t: Translate): string {
  if (effect === "skull") return t("dreamers.card.skull");
  if (effect === "x2") return "×2";
  return effect.replace("-", "−");
}

/** "Dream card 7 with +2": a card's full name, which tells apart the two cards of one value. */
export function cardName(card: DreamCard, t: Translate): string {
  return t("dreamers.card.dreamWith", { value: card.value, effect: effectText(card.effect, t) });
}

/** Whose card a modifier's target is: the first player's or the second player's. */
export function targetSeat(first: Seat, target: Target): Seat {
  return target === "first" ? first : other(first);
}

export function other(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

/**
 * The prompt: what the viewer should do now, or what the other player is doing. A replay (`live`
 * false) waits for nobody.
 */
export function activity(
  view: DreamersView,
  nameOf: (seat: Seat) => string,
  t: Translate,
  canAccuse: boolean,
  live = true,
): string {
  const me = view.me?.seat ?? null;
  const waitingOn = view.awaiting.filter((seat) => seat !== me);
  const mine = me !== null && view.awaiting.includes(me);
  const name = nameOf(waitingOn[0] ?? view.first);
  switch (view.phase) {
    case "choosing":
      if (view.chooser === null) return t("dreamers.status.dealing");
      return mine ? t("dreamers.status.chooseIdentity") : t("dreamers.status.choosingIdentity", { name });
    case "first_play":
      return mine ? t("dreamers.status.yourLead") : t("dreamers.status.choosingCard", { name });
    case "second_play":
      return mine ? t("dreamers.status.yourPlay") : t("dreamers.status.choosingCard", { name });
    case "modify_first":
    case "modify_second":
      return mine ? t("dreamers.status.yourModifier") : t("dreamers.status.mayModify", { name });
    case "closing":
      if (mine) return canAccuse ? t("dreamers.status.yourClosingAccuse") : t("dreamers.status.yourClosing");
      return t("dreamers.status.closing", { name });
    case "round_over":
      if (!live) return t("dreamers.status.roundOver");
      if (mine) return t("dreamers.status.ready");
      return waitingOn.length > 0 ? t("dreamers.status.waitingFor", { name }) : t("dreamers.status.ready");
    case "over":
      return t("dreamers.status.over");
  }
}

const cardValue = (id: string) => dreamCard(id)?.value ?? 0;

/**
 * The turn an event belongs to: who led it and its Nightmare. A push may carry the end of one turn and
 * the start of the next, so the view's current turn is not always the event's: the last `turn_started`
 * before the event says it, else the `turn_ended` record after it, else the view.
 */
function turnOfEvent(
  events: readonly DreamersPublicEvent[],
  index: number,
  view: DreamersView,
): { first: Seat; nightmare: number | null } {
  for (let i = index - 1; i >= 0; i--) {
    const event = events[i];
    if (event?.type === "turn_started")
      return { first: event.first, nightmare: nightmareCard(event.nightmare)?.value ?? null };
  }
  for (let i = index + 1; i < events.length; i++) {
    const event = events[i];
    if (event?.type === "turn_started") break;
    if (event?.type === "turn_ended")
      return { first: event.record.first, nightmare: event.record.nightmare.value };
  }
  return { first: view.first, nightmare: view.nightmare?.value ?? null };
}

/**
 * What screen readers hear after a push: turn-ups, sums, modifiers, gate openings, accusations, and
 * what the other player did. The viewer's own moves are not read back to them.
 */
export function announcements(
  events: readonly DreamersPublicEvent[],
  view: DreamersView,
  nameOf: (seat: Seat) => string,
  t: Translate,
): string[] {
  const me = view.me?.seat ?? null;
  const lines: string[] = [];
  events.forEach((event, index) => {
    switch (event.type) {
      case "round_started":
        lines.push(t("dreamers.announce.roundStarted", { round: event.round }));
        break;
      case "identity_chosen":
        if (event.seat !== me) lines.push(t("dreamers.announce.chose", { name: nameOf(event.seat) }));
        break;
      case "identities_dealt":
        if (event.identity) lines.push(t(`dreamers.youAre.${event.identity}`));
        break;
      case "turn_started":
        lines.push(
          t("dreamers.announce.turnStarted", {
            turn: event.turn,
            n: nightmareCard(event.nightmare)?.value ?? "?",
            name: nameOf(event.first),
          }),
        );
        break;
      case "card_played":
        if (event.seat === me) break;
        lines.push(
          event.declaration
            ? t("dreamers.announce.playedFirst", {
                name: nameOf(event.seat),
                declaration: t(`dreamers.declaration.${event.declaration}`),
              })
            : t("dreamers.announce.playedSecond", { name: nameOf(event.seat) }),
        );
        break;
      case "cards_turned": {
        const turn = turnOfEvent(events, index, view);
        lines.push(
          t("dreamers.announce.turned", {
            a: cardValue(event.cards[0]),
            b: cardValue(event.cards[1]),
            sum: event.sum,
            n: turn.nightmare ?? "?",
          }),
        );
        break;
      }
      case "modifier_played": {
        const turn = turnOfEvent(events, index, view);
        const owner = targetSeat(turn.first, event.target);
        const card = dreamCard(event.card);
        lines.push(
          t("dreamers.announce.modified", {
            name: nameOf(event.seat),
            modifier: card ? effectText(card.effect, t) : "?",
            target:
              owner === me
                ? t("dreamers.table.yourCardInline")
                : t("dreamers.table.cardOf", { name: nameOf(owner) }),
            sum: event.sum,
          }),
        );
        break;
      }
      case "gate_opened":
        lines.push(t("dreamers.announce.gate", { gates: event.gates }));
        break;
      case "passed":
        if (event.seat !== me) lines.push(t("dreamers.announce.passed", { name: nameOf(event.seat) }));
        break;
      case "accused":
        lines.push(
          t("dreamers.announce.accused", { name: nameOf(event.seat), accused: nameOf(event.accused) }),
        );
        break;
      case "turn_ended":
        if (event.record.first !== me)
          lines.push(t("dreamers.announce.turnEnded", { name: nameOf(event.record.first) }));
        break;
      case "round_ended":
        lines.push(t("dreamers.announce.roundEnded", { round: event.result.round }));
        break;
      case "player_ready":
        break;
      case "game_ended":
        lines.push(t("dreamers.announce.gameEnded"));
        break;
    }
  });
  return lines;
}

/** Seats from the highest score down, each with its place (tied seats share a place). */
export function ranking(
  scores: readonly [number, number],
): Array<{ seat: Seat; place: number; score: number }> {
  const seats: Seat[] = scores[1] > scores[0] ? [1, 0] : [0, 1];
  return seats.map((seat, i) => ({
    seat,
    score: scores[seat] ?? 0,
    place: i === 0 || scores[seat] === scores[seats[0] as Seat] ? 1 : 2,
  }));
}

/** Each round's points per seat, finished rounds from the results, later ones null; 5 or 6 rows. */
export function pointsByRound(view: DreamersView): Array<{ round: number; points: [number, number] | null }> {
  return Array.from({ length: view.rounds }, (_, i) => {
    const result = view.results.find((r) => r.round === i + 1);
    return {
      round: i + 1,
      points: result ? [result.scoring[0].points, result.scoring[1].points] : null,
    };
  });
}

/** The seat a false accusation lets choose next round, or null (the rules' own decision). */
export function chooserAfter(result: NonNullable<DreamersView["result"]>): Seat | null {
  return falselyAccused(result.secret.identities, result.accuser);
}
