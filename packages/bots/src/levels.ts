/** The bots' levels and the parameters each level plays with. */
export type BotLevel = "novice" | "adept" | "oracle";
/** The levels from weakest to strongest. */
export const BOT_LEVELS: readonly BotLevel[] = ["novice", "adept", "oracle"];

/** How a bot plays; the levels are presets of these. Exported for the arena and tuning. */
export interface Params {
  /** Placement temperature (a god's, and the one assumed for other gods). */
  tau: number;
  /** The mortal's placement temperature. */
  mortalTau: number;
  /** God: weight of blending in (λ) against pointing at the vision. */
  lambda: number;
  /** God: blend toward the cards other than the vision (a decoy) instead of toward all four. */
  decoy: boolean;
  /** God: sharpness of its own pointing at the vision. */
  godBeta: number;
  /** How sharply other gods are assumed to point (for inferring the vision). */
  modelBeta: number;
  /** Mortal: sharpness of its own placement distribution. */
  mortalBeta: number;
  /** Mortal: 0 = place where the posterior predicts, 1 = where every likely card agrees (geometric). */
  hedge: number;
  /**
   * Mortal: place as a god of my own policy would (its vision drawn from my posterior), not as a god who
   * simply points; against subtle gods this is what their stars look like.
   */
  mimic: boolean;
  /** God's detector: "naive" asks only whether stars fit the vision; "model" compares mortal vs god. */
  detector: "naive" | "model";
  /** Model detector: the god hypothesis' sharpness (naive detector: the only one used). */
  detectBeta: number;
  /** Model detector: further god sharpnesses averaged into the god hypothesis. */
  godTypes: number[];
  /** Model detector: mortal types averaged (β values; "copier" adds the copying mortal). */
  mortalTypes: number[];
  copierType: boolean;
  /** Model detector: also average in a mortal who places at random. */
  uniformType: boolean;
  /** Model detector: that random mortal's share of the plain mortal types (0 = an equal share). */
  uniformWeight: number;
  /** Model detector: weight of "a mortal who plays like me" in the mortal hypothesis (0 = off). */
  mortalModel: number;
  /**
   * Weight of "a god who plays like me" (this very policy, with my λ, β and temperature) in the god
   * hypothesis — for inferring the vision and for the detector; the rest is plain pointing.
   */
  godModel: number;
  /** Guess temperature (0 = most likely). */
  guessTau: number;
  /** Weight of a plain detector averaged with the opponent-modelling one (see `detect`); 0 = off. */
  ensemble: number;
  /** Model detector: weight of "a god like me" in the god hypothesis (when godModel > 0). */
  detectGodModel: number;
  /** Model detector: the uniform floor of the god hypothesis. */
  godAlpha: number;
  /** Uniform mixture weight in every star model. */
  alpha: number;
}

export const LEVELS: Record<BotLevel, Params> = {
  novice: {
    tau: 1,
    mortalTau: 1,
    lambda: 0,
    decoy: false,
    godBeta: 1,
    modelBeta: 1,
    mortalBeta: 1,
    hedge: 0,
    mimic: false,
    detector: "naive",
    detectBeta: 1,
    godTypes: [],
    mortalTypes: [1],
    copierType: false,
    uniformType: false,
    uniformWeight: 0,
    mortalModel: 0,
    godModel: 0,
    guessTau: 1,
    ensemble: 0,
    detectGodModel: 0.5,
    godAlpha: 0.05,
    alpha: 0.05,
  },
  adept: {
    tau: 0.5,
    // Re-tuned on deck 2.0.0: placing as sharply as its gods keeps the adept mortal above the novice.
    mortalTau: 0.5,
    lambda: 0.3,
    decoy: false,
    godBeta: 3,
    modelBeta: 2,
    mortalBeta: 2,
    hedge: 0,
    mimic: false,
    detector: "model",
    detectBeta: 3,
    godTypes: [],
    mortalTypes: [1, 3],
    copierType: true,
    uniformType: true,
    uniformWeight: 0,
    mortalModel: 0,
    godModel: 0,
    guessTau: 0,
    ensemble: 0,
    detectGodModel: 0.5,
    godAlpha: 0.01,
    alpha: 0.05,
  },
  oracle: {
    tau: 0.3,
    mortalTau: 0.3,
    // Re-tuned on deck 2.0.0: gods this subtle leave an oracle mortal unsure of the vision in about a
    // fifth of the rounds (0.2 left it sure in all of them).
    lambda: 0.45,
    decoy: true,
    godBeta: 3,
    modelBeta: 2,
    mortalBeta: 3,
    hedge: 0.3,
    // The mortal places as gods of this policy would: against subtle gods, plain pointing stands out.
    mimic: true,
    detector: "model",
    detectBeta: 3,
    // Broad pointers too (β 1, as novice gods play), so they are not taken for the mortal.
    godTypes: [1],
    mortalTypes: [1, 3],
    copierType: true,
    uniformType: true,
    // A random-placing mortal lands on details often on rich cards; weighing it more keeps it named.
    uniformWeight: 0.7,
    // Low: a mimicking mortal looks so like a god that more weight makes gods look like mortals, and a
    // random-placing mortal escapes.
    mortalModel: 0.01,
    godModel: 0.5,
    guessTau: 0,
    ensemble: 0.5,
    detectGodModel: 0.5,
    godAlpha: 0.01,
    alpha: 0.05,
  },
};
