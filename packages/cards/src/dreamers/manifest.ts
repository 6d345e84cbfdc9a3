/** The committed Dreamers faces: manifest entries and rendered WebPs, read from generated/dreamers. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DreamCard } from "@firmament/dreamers";
import { GENERATED_DIR } from "../paths";
import type { Locale } from "../types";
import type { FaceKind } from "./faces";

export const DREAMERS_DIR = join(GENERATED_DIR, "dreamers/");
export const DREAMERS_MANIFEST = join(DREAMERS_DIR, "manifest.json");
export const DREAMERS_BOUNDS = join(DREAMERS_DIR, "icon-bounds.json");
export const DREAMERS_VERSIONS = join(DREAMERS_DIR, "versions.json");

export interface DreamersFace {
  /** The card's id in @firmament/dreamers (`dream-7a`, `nightmare-12`) or the face's own (`gate-open`). */
  id: string;
  kind: FaceKind;
  /** Dream and Nightmare cards; null for the other faces. */
  value: number | null;
  /** Dream cards: the modifier or the skull on the card's right side; null for the other faces. */
  effect: DreamCard["effect"] | null;
  alt: Record<Locale, string>;
  /** SHA-256 (hex) of the WebP file. */
  sha256: string;
  bytes: number;
}

export interface DreamersManifest {
  version: string;
  seed: string;
  /** Rendered size in pixels (2:3). */
  width: number;
  height: number;
  faces: DreamersFace[];
  /** SHA-256 of each face's SVG source, by id: the freeze test composes them again and compares. */
  svg: Record<string, string>;
  /** Seed of the dream-deck scene the build chose for each face that has one, by id. */
  scenes: Record<string, string>;
  /** Fluent Emoji Flat icons drawn on the faces (credited in THIRD_PARTY_NOTICES.md beside them). */
  icons: string[];
}

let cached: DreamersManifest | null = null;
let ids: Set<string> | null = null;

export function readDreamersManifest(): DreamersManifest {
  cached ??= JSON.parse(readFileSync(DREAMERS_MANIFEST, "utf8")) as DreamersManifest;
  return cached;
}

/** Every Dreamers face (Dream and Nightmare cards, identities, gates, first player, backs); no rendering. */
export function dreamersFaces(): DreamersFace[] {
  return readDreamersManifest().faces;
}

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Absolute path of a Dreamers face's WebP. Throws `cards/unknown_card` for ids that have no face. */
export function dreamersFacePath(id: string): string {
  ids ??= new Set(readDreamersManifest().faces.map((f) => f.id));
  if (!ID.test(id) || !ids.has(id))
    throw new Error(`cards/unknown_card: no Dreamers face with id ${JSON.stringify(id)}`);
  return join(DREAMERS_DIR, `${id}.webp`);
}
