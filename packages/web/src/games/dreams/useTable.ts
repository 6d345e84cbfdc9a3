import { checkAction, type DreamsView, legalActions, type StarKind } from "@firmament/dreams";
import type { ClientAction, ProtocolError } from "@firmament/protocol";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewPush } from "../types";
import type { Point } from "./Board";
import type { Seats } from "./seats";

/** Sends one action at a time: `busy` while it is on its way. */
export function useSend(act: (action: ClientAction) => Promise<ProtocolError | null>) {
  const [busy, setBusy] = useState(false);
  async function send(action: ClientAction) {
    if (busy) return;
    setBusy(true);
    try {
      await act(action);
    } finally {
      setBusy(false);
    }
  }
  return { busy, send };
}

/** Whether the engine allows the next star of `kind` at a spot, and why not when it does not. */
function useSpotCheck(view: DreamsView, kind: StarKind | null) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  function allowed(p: Point): boolean {
    if (!kind || !view.me) return false;
    const problem = checkAction(view, { type: "place_star", seat: view.me.seat, kind, x: p.x, y: p.y });
    if (problem) {
      const key = `errors.${problem.code}`;
      const known = t(key);
      setRefusal(known === key ? problem.message : known);
      return false;
    }
    setRefusal(null);
    return true;
  }
  return { refusal, allowed };
}

/**
 * The next star: its kind (of those left), the keyboard cursor, the pointer's hover, the spot waiting
 * for confirmation, and why the engine refuses a spot. The engine, not the client, decides whether a
 * spot is allowed.
 */
export function useStarPlacement(view: DreamsView, send: (action: ClientAction) => Promise<void>) {
  const placing = legalActions(view).find((a) => a.type === "place_star");
  const kindsLeft: StarKind[] = placing && placing.type === "place_star" ? placing.kinds : [];
  const [chosen, setChosen] = useState<StarKind | null>(null);
  const kind =
    kindsLeft.length === 0 ? null : chosen && kindsLeft.includes(chosen) ? chosen : (kindsLeft[0] ?? null);
  const [cursor, setCursor] = useState<Point>({ x: 0.5, y: 0.5 });
  // With confirming on: the spot chosen for the next star, waiting for "Place star".
  const [pending, setPending] = useState<Point | null>(null);
  const [hover, setHover] = useState<Point | null>(null);
  const { refusal, allowed } = useSpotCheck(view, kind);

  function place(p: Point) {
    if (!kind) return;
    setCursor(p);
    if (!allowed(p)) return;
    setPending(null);
    void send({ type: "place_star", kind, x: p.x, y: p.y });
  }
  function aim(p: Point): boolean {
    setCursor(p);
    const ok = allowed(p);
    setPending(ok ? p : null);
    return ok;
  }

  // A chosen spot belongs to one turn: a new star on the sky or a new round takes it back.
  const starCount = view.stars.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the sky or the round changes
  useEffect(() => {
    setPending(null);
  }, [starCount, view.round]);

  const choose = (k: StarKind) => kindsLeft.includes(k) && setChosen(k);
  const ghost = kind ? (pending ?? hover ?? cursor) : null;
  const cancel = () => setPending(null);
  return {
    kind,
    setChosen,
    choose,
    cursor,
    setCursor,
    hover,
    setHover,
    pending,
    refusal,
    place,
    aim,
    cancel,
    ghost,
  };
}

/** What others just did, from the events that came with the view, for screen readers. */
export function useNews(push: ViewPush<"dreams">, seats: Seats): string {
  const { t } = useTranslation();
  const me = push.view.me;
  const [news, setNews] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: announce once per push, not on re-renders
  useEffect(() => {
    const lines = push.events.flatMap((event) => {
      if (event.type === "star_placed" && event.seat !== me?.seat)
        return [
          t("dreams.game.announceStar", {
            name: seats.nameOf(event.seat),
            order: event.order,
            kind: t(`dreams.game.kindShort_${event.kind}`),
          }),
        ];
      if (event.type === "guess_made" && event.seat !== me?.seat)
        return [`${seats.nameOf(event.seat)} ${t("dreams.game.guessed")}`];
      if (event.type === "round_revealed") return [t("dreams.game.revealPrompt")];
      return [];
    });
    if (lines.length > 0) setNews(lines.join(" "));
  }, [push]);
  return news;
}
