import type { DreamersRoundBeliefs } from "@firmament/dreamers";
import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBeliefStrings } from "../../components/beliefs";
import { BeliefsOfRound } from "../beliefs";
import { gameOf, loadPlay } from "../registry";
import { loadGameStrings } from "../strings";

const dreamers: DreamersRoundBeliefs = {
  game: "dreamers",
  round: 2,
  seats: [
    [0.5, 0.6, 0.9],
    [0.5, 0.4, 0.3],
  ],
};
const names = ["Ada", "Bruno", "Chiara"];
const render = (props: Parameters<typeof BeliefsOfRound>[0]) =>
  renderToStaticMarkup(createElement(BeliefsOfRound, props));
const meters = (html: string) => [...html.matchAll(/<meter [^>]*>/g)].map((m) => m[0]);

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: { app: { title: "Firmament" } } } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
  ensureBeliefStrings();
  await loadPlay("dreamers");
  await loadGameStrings(gameOf("dreamers"), "en");
});

describe("belief bars", () => {
  it("Dreamers: per seat one meter per turn, up to the replay's step", () => {
    const html = render({ beliefs: dreamers, nameOf: (s) => names[s] as string, colours: [] });
    expect(meters(html)).toHaveLength(6);
    expect(html).toContain('aria-label="Ada, if a Dreamer: the other is the Master of Nightmares"');
    expect(meters(html)[2]).toContain('aria-label="After turn 2"');
    expect(meters(html)[2]).toContain('value="90"');
    const step = render({ beliefs: dreamers, step: 1, nameOf: (s) => names[s] as string, colours: [] });
    expect(meters(step)).toHaveLength(4);
    expect(meters(step)[0]).toContain('aria-label="Before the first turn"');
  });
});
