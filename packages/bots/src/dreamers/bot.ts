import {
  type DreamersAction,
  type DreamersLegalAction,
  type DreamersView,
  type Identity,
  legalActions,
} from "@firmament/dreamers";
import { EVIDENCE, MASTER_TYPES } from "./belief";
import {
  type DreamerParams,
  dreamerClosing,
  dreamerFirstPlay,
  dreamerModify,
  dreamerSecondPlay,
  otherIsMaster,
} from "./dreamer";
import { type MasterParams, masterFirstPlay, masterModify, masterSecondPlay } from "./master";
import { decisionRandom, type Uniform } from "./random";
import { type Situation, situationOf } from "./situation";

export const DREAMERS_BOT_LEVELS = ["novice", "adept", "oracle"] as const;
export type DreamersBotLevel = (typeof DREAMERS_BOT_LEVELS)[number];

/** A player of one seat: the action it takes now, from that seat's view only, or null if none is due. */
export interface DreamersBot {
  decide(view: DreamersView): DreamersAction | null;
}

export interface DreamersBotOptions {
  level: DreamersBotLevel;
  /** Any string; with the view it fixes every random choice. */
  seed: string;
}

/** Everything that makes one player: how it plays each identity and what it picks when it may choose. */
export interface DreamersPlayer {
  dreamer: DreamerParams;
  master: MasterParams;
  /** The chance to take the Master when granted the choice of identity. */
  chooseMaster: number;
  /** Plays as a Dreamer even as the Master (the arena's honest baseline). */
  masterCooperates?: boolean;
}

const BLUNT_MASTER = [{ weight: 1, blocks: 0.95, style: 1 }] as const;

export const DREAMERS_LEVELS: Record<DreamersBotLevel, DreamersPlayer> = {
  novice: {
    dreamer: {
      first: "honest",
      second: "fit",
      temperature: 0.3,
      declarationNoise: 0.1,
      liesAbove: 1,
      skullKeep: 0.3,
      skullFrom: 0,
      belief: "count",
      evidence: EVIDENCE,
      masterTypes: MASTER_TYPES,
      temper: 1,
      chooserMasterRate: 0.5,
      accuse: "count",
      threshold: 0.8,
      falseCost: 0.4,
      gateRate: [0.8, 0.3],
      patience: 1,
    },
    master: {
      style: "blunt",
      temperature: 0.3,
      noise: 0.2,
      lies: 0.3,
      evidence: EVIDENCE,
      masterTypes: MASTER_TYPES,
      accuseAt: 0.7,
      sharpness: 1.5,
      leak: 0.25,
      counting: 0,
    },
    chooseMaster: 0.5,
  },
  adept: {
    dreamer: {
      first: "heuristic",
      second: "model",
      temperature: 0.1,
      declarationNoise: 0.02,
      liesAbove: 1,
      skullKeep: 0.8,
      skullFrom: 0,
      belief: "model",
      evidence: EVIDENCE,
      masterTypes: BLUNT_MASTER,
      temper: 0.8,
      chooserMasterRate: 0.5,
      accuse: "threshold",
      threshold: 0.75,
      falseCost: 0.4,
      gateRate: [0.8, 0.3],
      patience: 1,
    },
    master: {
      style: "careful",
      temperature: 0.1,
      noise: 0.05,
      lies: 0.05,
      evidence: EVIDENCE,
      masterTypes: MASTER_TYPES,
      accuseAt: 0.7,
      sharpness: 1.5,
      leak: 0.25,
      counting: 0,
    },
    chooseMaster: 1,
  },
  oracle: {
    dreamer: {
      first: "plan",
      second: "model",
      temperature: 0,
      declarationNoise: 0,
      liesAbove: 0.8,
      skullKeep: 1.2,
      skullFrom: 0,
      belief: "model",
      evidence: EVIDENCE,
      masterTypes: MASTER_TYPES,
      temper: 1,
      chooserMasterRate: 0.5,
      accuse: "plan",
      threshold: 0.75,
      falseCost: 0.4,
      gateRate: [0.8, 0.3],
      patience: 1,
    },
    master: {
      style: "plan",
      temperature: 0,
      noise: 0,
      lies: 0,
      evidence: EVIDENCE,
      masterTypes: MASTER_TYPES,
      accuseAt: 0.7,
      sharpness: 1.5,
      leak: 0.15,
      counting: 0.3,
    },
    chooseMaster: 0.5,
  },
};

export function createDreamersBot(options: DreamersBotOptions): DreamersBot {
  if (!DREAMERS_BOT_LEVELS.includes(options?.level))
    throw new Error(`Unknown Dreamers bot level: use one of ${DREAMERS_BOT_LEVELS.join(", ")}.`);
  if (typeof options.seed !== "string") throw new Error("A Dreamers bot needs a seed string.");
  return playerBot(DREAMERS_LEVELS[options.level], options.seed);
}

/** A bot from explicit settings (levels, baselines, tuning). */
export function playerBot(player: DreamersPlayer, seed: string): DreamersBot {
  return { decide: (view) => decideFor(player, seed, view) };
}

function decideFor(player: DreamersPlayer, seed: string, view: DreamersView): DreamersAction | null {
  const sit = situationOf(view);
  if (!sit || !view.awaiting.includes(sit.seat)) return null;
  const legal = legalActions(view);
  if (legal.length === 0) return null;
  const random = decisionRandom(seed, view);
  switch (view.phase) {
    case "choosing": {
      const identity: Identity = random() < player.chooseMaster ? "master" : "dreamer";
      return { type: "choose_identity", seat: sit.seat, identity };
    }
    case "first_play":
    case "second_play":
      return play(player, sit, random);
    case "modify_first":
    case "modify_second": {
      const modify = legal.find(
        (a): a is Extract<DreamersLegalAction, { type: "modify" }> => a.type === "modify",
      );
      if (!modify) return { type: "pass", seat: sit.seat };
      return playsDreamer(player, sit)
        ? dreamerModify(sit, modify.options)
        : masterModify(sit, modify.options, player.master);
    }
    case "closing": {
      const mayAccuse = legal.some((a) => a.type === "accuse");
      if (mayAccuse && dreamerClosing(sit, otherIsMaster(sit, player.dreamer), player.dreamer, random))
        return { type: "accuse", seat: sit.seat };
      return { type: "end_turn", seat: sit.seat };
    }
    case "round_over":
      return { type: "ready", seat: sit.seat };
    case "over":
      return null;
  }
}

function play(player: DreamersPlayer, sit: Situation, random: Uniform): DreamersAction {
  const first = sit.view.phase === "first_play";
  if (!playsDreamer(player, sit))
    return first ? masterFirstPlay(sit, player.master, random) : masterSecondPlay(sit, player.master, random);
  const q = otherIsMaster(sit, player.dreamer);
  return first
    ? dreamerFirstPlay(sit, q, player.dreamer, random)
    : dreamerSecondPlay(sit, q, player.dreamer, random);
}

function playsDreamer(player: DreamersPlayer, sit: Situation): boolean {
  return sit.identity === "dreamer" || player.masterCooperates === true;
}
