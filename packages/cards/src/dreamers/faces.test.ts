import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { DREAM_CARDS, NIGHTMARE_CARDS } from "@firmament/dreamers";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { dreamersFacePath, dreamersFaces } from "../index";
import { BOUNDS_FILE } from "../paths";
import { LOCALES } from "../types";
import { composeFace } from "./compose";
import { allFaces, OTHER_FACES } from "./faces";
import { DREAMERS_BOUNDS, DREAMERS_DIR, DREAMERS_VERSIONS, readDreamersManifest } from "./manifest";
import { dreamersArtHash } from "./render";
import { DREAMERS_FACES_VERSION } from "./version";

const manifest = readDreamersManifest();
const sha = (b: Uint8Array | string): string => createHash("sha256").update(b).digest("hex");
const byId = new Map(manifest.faces.map((f) => [f.id, f]));

describe("Dreamers faces", () => {
  it("give every card of the decks' data a face, with its value and effect, and the other faces too", () => {
    for (const c of DREAM_CARDS)
      expect(byId.get(c.id), c.id).toMatchObject({ kind: "dream", value: c.value, effect: c.effect });
    for (const c of NIGHTMARE_CARDS)
      expect(byId.get(c.id), c.id).toMatchObject({ kind: "nightmare", value: c.value, effect: null });
    for (const f of OTHER_FACES) expect(byId.get(f.id), f.id).toMatchObject({ kind: f.kind, value: null });
    expect(manifest.faces.map((f) => f.id).sort()).toEqual(
      allFaces()
        .map((f) => f.id)
        .sort(),
    );
    expect(manifest.faces).toHaveLength(20 + 13 + 8);
  });

  it("are 2:3 WebP files of at most 60 KB whose hashes the manifest records", async () => {
    expect([manifest.width, manifest.height]).toEqual([600, 900]);
    for (const f of manifest.faces) {
      const bytes = readFileSync(join(DREAMERS_DIR, `${f.id}.webp`));
      expect(sha(bytes), f.id).toBe(f.sha256);
      expect(bytes.length, f.id).toBe(f.bytes);
      expect(bytes.length, f.id).toBeLessThanOrEqual(60 * 1024);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, f.id).toBe("webp");
      expect([meta.width, meta.height], f.id).toEqual([manifest.width, manifest.height]);
    }
  });

  it("have alt texts of their own in English, German, French and Italian that name the card", () => {
    const number: Record<string, RegExp> = {
      en: /Dream card|Nightmare card|Identity card|Gate|First-player|Back of/,
      de: /Traumkarte|Albtraumkarte|Identitätskarte|Tor|Startspieler|Rückseite/,
      fr: /Carte Rêve|Carte Cauchemar|Carte d'identité|Porte|premier joueur|Dos d/,
      it: /Carta Sogno|Carta Incubo|Carta identità|Porta|primo giocatore|Retro di/,
    };
    for (const l of LOCALES) {
      const texts = manifest.faces.map((f) => f.alt[l]);
      expect(new Set(texts).size, l).toBe(texts.length);
      for (const f of manifest.faces) {
        const text = f.alt[l];
        expect(text.length, `${f.id} ${l}`).toBeGreaterThan(30);
        expect(text, `${f.id} ${l}`).toMatch(number[l] as RegExp);
        if (f.value !== null) expect(text, `${f.id} ${l}`).toMatch(new RegExp(`\\b${f.value}\\b`));
      }
    }
    expect(byId.get("dream-7a")?.alt.en).toMatch(/^Dream card 7, modifier minus 2: /);
    expect(byId.get("dream-5a")?.alt.de).toMatch(/^Traumkarte 5 mit dem Totenkopf: /);
    expect(byId.get("dream-1b")?.alt.fr).toMatch(/^Carte Rêve 1, modificateur fois 2 : /);
    expect(byId.get("dream-3a")?.alt.it).toMatch(/^Carta Sogno 3, modificatore più 3: /);
  });

  it("serve their files by id, and refuse ids that have no face", () => {
    expect(dreamersFaces()).toEqual(manifest.faces);
    for (const f of dreamersFaces()) {
      const path = dreamersFacePath(f.id);
      expect(isAbsolute(path)).toBe(true);
      expect(existsSync(path), f.id).toBe(true);
    }
    for (const bad of ["../manifest", "dream-11a", "dream-001", "manifest", "", "Dream-1a"])
      expect(() => dreamersFacePath(bad), bad).toThrow(/^cards\/unknown_card/);
  });

  it("credit every icon they draw in their third-party notices", () => {
    const notices = readFileSync(join(DREAMERS_DIR, "THIRD_PARTY_NOTICES.md"), "utf8");
    const listed = notices.match(/Icons used on the faces: (.*)/)?.[1]?.split(", ") ?? [];
    expect(listed).toEqual(manifest.icons);
    expect(manifest.icons).toContain("skull");
    expect(notices).toContain("Permission is hereby granted, free of charge");
    expect(notices).toContain("SIL OPEN FONT LICENSE Version 1.1");
  });

  it("record the art of each version once: the committed faces match their version's entry", () => {
    expect(manifest.version).toBe(DREAMERS_FACES_VERSION);
    const history = JSON.parse(readFileSync(DREAMERS_VERSIONS, "utf8")) as Record<string, string>;
    expect(history[manifest.version]).toBe(dreamersArtHash(manifest));
  });

  it("are frozen: composing every face again gives the committed SVG (bump DREAMERS_FACES_VERSION when art changes)", () => {
    const deck = JSON.parse(readFileSync(BOUNDS_FILE, "utf8"));
    const own = JSON.parse(readFileSync(DREAMERS_BOUNDS, "utf8"));
    const icons = new Set<string>();
    for (const face of allFaces()) {
      const comp = composeFace(face, { deck, own, sceneSeeds: manifest.scenes });
      for (const i of comp.icons) icons.add(i);
      if (sha(comp.svg) !== manifest.svg[face.id])
        throw new Error(
          `${face.id}: the face's SVG changed; bump DREAMERS_FACES_VERSION and run npm run deck:dreamers`,
        );
      expect(comp.sceneSeed ?? undefined, face.id).toBe(manifest.scenes[face.id]);
      // no text set in a system font, no duplicate ids, and every reference resolves
      expect(comp.svg, face.id).not.toMatch(/<text/);
      const ids = [...comp.svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, face.id).toBe(ids.length);
      const idSet = new Set(ids);
      for (const m of comp.svg.matchAll(/(?:url\(#|href="#)([^)"]+)/g))
        expect(idSet.has(m[1]), `${face.id} ${m[1]}`).toBe(true);
    }
    expect([...icons].sort()).toEqual(manifest.icons);
  });
});
