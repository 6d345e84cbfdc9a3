import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { de } from "../i18n/de";
import { en } from "../i18n/en";
import { type CallsState, offersCalls, type PushCallsControl, PushCallsPanel } from "./PushCalls";

const nothing = () => undefined;
function control(state: CallsState, live = false): PushCallsControl {
  return {
    state,
    first: "off",
    live,
    setLive: nothing,
    start: nothing,
    stop: nothing,
  };
}
/** The markup with React's escapes read back, so that it compares with the catalogues' texts. */
const render = (state: CallsState, live = false, intro?: string) =>
  renderToStaticMarkup(createElement(PushCallsPanel, { calls: control(state, live), intro })).replace(
    /&#x27;/g,
    "'",
  );
/** Each button as `name|disabled`: a button's accessible name is its text here. */
const buttons = (html: string) =>
  [...html.matchAll(/<button type="button"( disabled="")?>([^<]*)<\/button>/g)].map(
    (m) => `${m[2]}|${m[1] ? "disabled" : "enabled"}`,
  );
const status = (html: string) => /<p class="muted" role="status">([^<]*)<\/p>/.exec(html)?.[1];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, de: { translation: de } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
  });
});

describe("the calls panel", () => {
  it("off: a section named by its heading, a labelled choice, and the button that asks", () => {
    const html = render("off");
    expect(html).toMatch(/<section class="push-calls panel" aria-labelledby="([^"]+)"><h2 id="\1">/);
    expect(html).toContain(`<h2 id="${/aria-labelledby="([^"]+)"/.exec(html)?.[1]}">${en.push.heading}</h2>`);
    expect(html).toMatch(new RegExp(`<label><input type="checkbox"/>${en.push.live}</label>`));
    expect(buttons(html)).toEqual([`${en.push.start}|enabled`]);
    expect(status(html)).toBe("");
  });

  it("on: says so, keeps the live choice fixed, and offers the way to stop", () => {
    const html = render("on", true);
    expect(buttons(html)).toEqual([`${en.push.stop}|enabled`]);
    expect(status(html)).toBe(en.push.on);
    expect(html).toContain('<input type="checkbox" disabled="" checked=""/>');
  });

  it("busy, blocked and failed: the start button waits, is off when blocked, and each says why", () => {
    expect(buttons(render("busy"))).toEqual([`${en.push.start}|disabled`]);
    expect(buttons(render("denied"))).toEqual([`${en.push.start}|disabled`]);
    expect(status(render("denied"))).toBe(en.push.denied);
    expect(buttons(render("failed"))).toEqual([`${en.push.start}|enabled`]);
    expect(status(render("failed"))).toBe(en.push.failed);
  });

  it("leads with its intro, if any, until calls are on", () => {
    expect(render("off", false, en.push.offer)).toContain(
      `</h2><p class="muted">${en.push.offer}</p><label>`,
    );
    expect(render("off")).toContain("</h2><label>");
    expect(render("on", false, en.push.offer)).not.toContain(en.push.offer);
  });

  it("speaks the player's language", async () => {
    await i18next.changeLanguage("de");
    try {
      expect(buttons(render("off"))).toEqual([`${de.push.start}|enabled`]);
    } finally {
      await i18next.changeLanguage("en");
    }
  });
});

describe("the offer on your games", () => {
  it("is made only to a player with turn-based games whose device could be asked and was not", () => {
    expect(offersCalls("off", true)).toBe(true);
    expect(offersCalls("off", false)).toBe(false);
    for (const found of ["on", "denied", "unsupported", null] as const)
      expect(offersCalls(found, true), String(found)).toBe(false);
  });
});
