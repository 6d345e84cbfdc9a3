/**
 * How much one god's star tells about the vision, per edition of the standard deck: four cards drawn at
 * random, a vision among them, stars drawn from the vision's pointing distribution (sharpness β, random
 * star kinds), and the mortal's posterior after each star. Prints the first star's log-likelihood ratio
 * (vision against the likeliest other card) and how often the likeliest card is the vision after 1, 3, 6
 * and 12 stars. Lower is more doubt. Usage: npx tsx packages/bots/scripts/ambiguity.ts [trials]
 */
import { EDITIONS, standardDeck } from "@firmament/cards";
import { CounterRng } from "@firmament/dreams";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { CELLS, cardModel } from "../src/model";

const trials = Number(process.argv[2] ?? 3000);
const checkpoints = [1, 3, 6, 12];
for (const edition of EDITIONS) {
  const deck = standardDeck(edition);
  const models = deck.cards.map((c) => cardModel(c.detail));
  for (const beta of [1, 3]) {
    const rng = new CounterRng(bytesToHex(sha256(utf8ToBytes(`ambiguity|${edition}|${beta}`))), 0);
    const rand = () => (rng.next() >>> 0) / 4294967296;
    const pick = (n: number) => Math.min(n - 1, Math.floor(rand() * n));
    const right = new Map<number, number>();
    let llr = 0;
    for (let t = 0; t < trials; t++) {
      const four: number[] = [];
      while (four.length < 4) {
        const i = pick(models.length);
        if (!four.includes(i)) four.push(i);
      }
      const cards = four.map((i) => models[i] as (typeof models)[number]);
      const v = pick(4);
      const lp = [0, 0, 0, 0];
      for (let s = 1; s <= 12; s++) {
        const k = pick(3);
        const pv = (cards[v] as (typeof cards)[number]).pow(beta);
        const w = pv.w[k] as Float64Array;
        let u = rand() * (pv.sum[k] as number);
        let cell = 0;
        for (; cell < CELLS - 1; cell++) {
          u -= w[cell] as number;
          if (u <= 0) break;
        }
        for (let i = 0; i < 4; i++) {
          const p = (cards[i] as (typeof cards)[number]).pow(beta);
          lp[i] =
            (lp[i] as number) +
            Math.log(
              (0.95 * ((p.w[k] as Float64Array)[cell] as number)) / (p.sum[k] as number) + 0.05 / CELLS,
            );
        }
        if (s === 1) llr += (lp[v] as number) - Math.max(...lp.filter((_, i) => i !== v));
        if (checkpoints.includes(s))
          right.set(s, (right.get(s) ?? 0) + (lp.indexOf(Math.max(...lp)) === v ? 1 : 0));
      }
    }
    console.log(
      `edition ${edition} (deck ${deck.version}), β ${beta}: first star's log-LR ${(llr / trials).toFixed(2)}; vision likeliest after ${checkpoints.join("/")} stars: ${checkpoints.map((s) => `${((100 * (right.get(s) ?? 0)) / trials).toFixed(0)}%`).join(" / ")}`,
    );
  }
}
