import type { TurnTimers } from "@firmament/protocol";
import type { ComponentType } from "react";
import type { Lesson } from "../guide/lessons";
import type { GameKind, GameScreenProps, GameTypes, ReplayScreenProps, RoundBeliefs } from "./types";

/** The languages every game's strings come in (the platform's own, i18n/index.ts). */
export type GameLanguage = "en" | "de" | "fr" | "it";

/**
 * What the platform shows of a game before any of its code is loaded (landing, lobby, how-to-play,
 * credits), in each language. Bundled with the record, so keep it to these few lines.
 */
export interface GameListing {
  /** The game's name with its player count, as the landing offers it. */
  label: string;
  /** One or two sentences under the game's choice on the landing. */
  blurb: string;
  /** Its clause of the landing's introduction ("in <game>, …"), joined with the other games'. */
  pitch: string;
  /** The credit to the game's original authors and publisher, if it has any. */
  credit?: string;
}

/** What a game's part of the landing's create form tells the form. */
export interface CreateChoice {
  /** The game's own fields of `POST /api/tables` (beyond game, seats, visibility and timer). */
  fields: Record<string, unknown>;
  /** Why the table cannot be created yet (said when the form is sent), or null. */
  missing: string | null;
}

/** The game-specific controls of the create form (after the timer), e.g. a choice of deck. */
export type CreateOptions = ComponentType<{ onChange: (choice: CreateChoice) => void }>;

/** The props of a game's beliefs panel: the strongest bot's beliefs over one round. */
export interface BeliefsProps<K extends GameKind = GameKind> {
  beliefs: Extract<RoundBeliefs, { game: K }>;
  /** How far into the round (the game's own steps, see `beliefStep`); the round's end without it. */
  step?: number;
  nameOf: (seat: number) => string;
  /** The seats' colours, by seat. */
  colours: readonly string[];
  headingLevel: 2 | 3;
}

/** The heavy part of a game, loaded when a table, replay or guided game of it needs it. */
export interface GamePlay<K extends GameKind = GameKind> {
  /** The table screen during play (the lobby is the platform's). */
  Screen: ComponentType<GameScreenProps<K>>;
  /** A replay frame: the game's table components, read-only, with the secrets of ended rounds. */
  Replay: ComponentType<ReplayScreenProps>;
  /** The view the server would send after one event (docs/protocol.md, `events`). */
  fold: (view: GameTypes[K]["view"], event: GameTypes[K]["event"]) => GameTypes[K]["view"];
  /** The bot's beliefs over a round, for the replay page. */
  Beliefs: ComponentType<BeliefsProps<K>>;
  /** How far into its round a view is, in the beliefs' steps (stars placed, turns finished, …). */
  beliefStep: (view: GameTypes[K]["view"]) => number;
  /** The guided first game: every lesson id in teaching order, and those that fit the view now. */
  lessons: {
    order: readonly string[];
    fitting: (view: GameTypes[K]["view"], seen: ReadonlySet<string>) => Lesson[];
  };
}

type Lazy<T> = () => Promise<T>;

/**
 * One game as the web client knows it. Everything the platform shows of a game comes from here; add
 * the record to games/registry.ts and nothing else names the game.
 */
export interface GameRecord<K extends GameKind = GameKind> {
  kind: K;
  /** Its name in every language (page titles). */
  title: string;
  /**
   * A test fixture, not a game for players: offered by the create form only when the server lists it
   * (`GET /api/games`), never in the landing's introduction, credits or how-to-play menu.
   */
  fixture?: boolean;
  /** How many seats a table of it may have; the create form offers a choice when they differ. */
  seats: { readonly min: number; readonly max: number; readonly preset: number };
  /** Each timer setting's turn length per phase, in seconds (none when timers are off). */
  timers: TurnTimers;
  listing: Record<GameLanguage, GameListing>;
  /** Its strings, per language, merged into i18next under its kind (`t("<kind>.…")`). */
  strings: Record<GameLanguage, Lazy<object>>;
  CreateOptions?: CreateOptions;
  play: Lazy<GamePlay<K>>;
  /** The how-to-play page's section for the game. */
  HowToPlay: Lazy<{ default: ComponentType }>;
  /** A few of its cards' pictures (URLs), shown small and decorative with the landing's "play now". */
  preview?: readonly string[];
  /** What a round looks like, under the landing's forms (fetched when scrolled near). */
  Showcase?: Lazy<{ default: ComponentType }>;
  /** The dev harness (`/dev?game=<kind>`): the screen against the rules in the browser; dev only. */
  Harness?: Lazy<{ default: ComponentType }>;
}

/** Any one game's record (the registry's list holds one of each). */
export type AnyGameRecord = { [K in GameKind]: GameRecord<K> }[GameKind];
