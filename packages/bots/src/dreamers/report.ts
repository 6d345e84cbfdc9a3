import { type DreamersPolicy, type PairingStats, quantile, type RoundStats, Tally } from "./arena";

/**
 * The arena's tables as Markdown: per pairing and identity, the ladder per identity with its checks,
 * the targets of issue 9 §4, and decision times.
 */

const pct = (t: Tally): string => (t.n ? `${(100 * t.mean).toFixed(1)}%` : "—");
const pm = (t: Tally, digits = 2): string =>
  t.n ? `${t.mean.toFixed(digits)} ±${(2 * t.se).toFixed(digits)}` : "—";

export const LEVELS: readonly DreamersPolicy[] = ["novice", "adept", "oracle"];

/** One row per kind of round: both Dreamers, `a` the Master, `b` the Master. */
export function pairingTable(pairings: readonly PairingStats[]): string {
  const lines = [
    "| A vs B | rounds | gates / round | 3 gates | ended by gates · accusation · exhaustion | Master unmasked | false accusations A · B | points / round A · B | turns |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const p of pairings) {
    const kinds: Array<[string, RoundStats]> = [
      ["both Dreamers", p.bothDreamers],
      [`${p.a} (A) Master`, p.withMaster[0] as RoundStats],
      [`${p.b} (B) Master`, p.withMaster[1] as RoundStats],
    ];
    for (const [kind, r] of kinds) {
      if (r.rounds === 0) continue;
      const ends = (["gates", "accusation", "exhausted"] as const)
        .map((e) => `${((100 * r.ends[e]) / r.rounds).toFixed(0)}%`)
        .join(" · ");
      const masterRounds = kind !== "both Dreamers";
      lines.push(
        `| ${p.a} vs ${p.b}: ${kind} | ${r.rounds} | ${pm(r.gates)} | ${pct(r.allGates)} | ${ends} | ${
          masterRounds ? pct(r.unmasked) : "—"
        } | ${masterRounds ? "—" : `${pct(r.falseAccusations[0] as Tally)} · ${pct(r.falseAccusations[1] as Tally)}`} | ${pm(
          r.points[0] as Tally,
        )} · ${pm(r.points[1] as Tally)} | ${r.turns.mean.toFixed(1)} |`,
      );
    }
  }
  return lines.join("\n");
}

const pctPm = (t: Tally): string => (t.n ? `${(100 * t.mean).toFixed(1)}% ±${(200 * t.se).toFixed(1)}` : "—");

/** Games won per pairing (a tied game counts half to each), with 2 standard errors. */
export function winsTable(pairings: readonly PairingStats[]): string {
  const lines = ["| A vs B | games | A won | B won |", "|---|---|---|---|"];
  for (const p of pairings)
    lines.push(
      `| ${p.a} vs ${p.b} | ${p.games} | ${pctPm(p.wins[0] as Tally)} | ${pctPm(p.wins[1] as Tally)} |`,
    );
  return lines.join("\n");
}

/** The points per round of `policy` in one identity against `opponent` (both sides in self-play). */
export function pointsOf(
  pairings: readonly PairingStats[],
  policy: DreamersPolicy,
  opponent: DreamersPolicy,
  identity: "dreamer" | "master",
): Tally | null {
  const tally = new Tally();
  let found = false;
  for (const p of pairings) {
    const source = identity === "dreamer" ? p.asDreamer : p.asMaster;
    if (p.a === policy && p.b === opponent) {
      tally.merge(source[0] as Tally);
      found = true;
    }
    if (p.b === policy && p.a === opponent) {
      tally.merge(source[1] as Tally);
      found = true;
    }
    if (found && policy === opponent) break;
  }
  return found ? tally : null;
}

/** Mean of several tallies with equal weights, and its standard error. */
function pooled(tallies: readonly Tally[]): { mean: number; se: number; n: number } {
  const k = tallies.length;
  const mean = tallies.reduce((s, t) => s + t.mean, 0) / k;
  const se = Math.sqrt(tallies.reduce((s, t) => s + t.se * t.se, 0)) / k;
  return { mean, se, n: tallies.reduce((s, t) => s + t.n, 0) };
}

export function ladderTables(
  pairings: readonly PairingStats[],
  opponents: readonly DreamersPolicy[],
): string {
  const out: string[] = [];
  const checks: string[] = [
    "| identity | against | step | points / round | gap ± 2 SE | holds beyond 2 SE |",
    "|---|---|---|---|---|---|",
  ];
  for (const identity of ["dreamer", "master"] as const) {
    const levelOpponents = opponents.filter((o) => LEVELS.includes(o));
    const columns = [...opponents.map((o) => o as string), "the three levels (pooled)"];
    out.push(
      `\n**As ${identity === "dreamer" ? "a Dreamer" : "the Master"}** — points per round ± 2 SE (rounds)\n`,
    );
    out.push(`| level | ${columns.join(" | ")} |`);
    out.push(`|---|${columns.map(() => "---").join("|")}|`);
    const cells = new Map<string, { mean: number; se: number; n: number }>();
    for (const level of LEVELS) {
      const row: string[] = [];
      const forPool: Tally[] = [];
      for (const opponent of opponents) {
        const t = pointsOf(pairings, level, opponent, identity);
        if (t && levelOpponents.includes(opponent)) forPool.push(t);
        if (t) cells.set(`${level}|${opponent}`, { mean: t.mean, se: t.se, n: t.n });
        row.push(t ? `${t.mean.toFixed(3)} ±${(2 * t.se).toFixed(3)} (${t.n})` : "—");
      }
      if (forPool.length === levelOpponents.length && forPool.length > 0) {
        const p = pooled(forPool);
        cells.set(`${level}|pooled`, p);
        row.push(`${p.mean.toFixed(3)} ±${(2 * p.se).toFixed(3)} (${p.n})`);
      } else row.push("—");
      out.push(`| ${level} | ${row.join(" | ")} |`);
    }
    for (const opponent of [...levelOpponents, "pooled"]) {
      for (let i = 1; i < LEVELS.length; i++) {
        const lo = cells.get(`${LEVELS[i - 1]}|${opponent}`);
        const hi = cells.get(`${LEVELS[i]}|${opponent}`);
        if (!lo || !hi) continue;
        const gap = hi.mean - lo.mean;
        const se = Math.sqrt(lo.se ** 2 + hi.se ** 2);
        checks.push(
          `| ${identity} | ${opponent === "pooled" ? "the three levels (pooled)" : opponent} | ${LEVELS[i - 1]} → ${LEVELS[i]} | ${lo.mean.toFixed(3)} → ${hi.mean.toFixed(3)} | ${gap >= 0 ? "+" : ""}${gap.toFixed(3)} ±${(2 * se).toFixed(3)} | ${gap > 2 * se ? "yes" : "**no**"} |`,
        );
      }
    }
  }
  return `${out.join("\n")}\n\n**Ladder checks** (gap between neighbouring levels against the same opponent)\n\n${checks.join("\n")}`;
}

export function timesTable(pairings: readonly PairingStats[]): string {
  const wall = new Map<DreamersPolicy, number[]>();
  const cpu = new Map<DreamersPolicy, number[]>();
  const plays = new Map<DreamersPolicy, number[]>();
  const collect = (
    into: Map<DreamersPolicy, number[]>,
    policy: DreamersPolicy,
    values: readonly number[],
  ) => {
    const list = into.get(policy) ?? [];
    for (const x of values) list.push(x);
    into.set(policy, list);
  };
  for (const p of pairings)
    for (const [side, policy] of [p.a, p.b].entries()) {
      collect(wall, policy, p.times[side] ?? []);
      collect(cpu, policy, p.cpuTimes[side] ?? []);
      collect(plays, policy, p.playTimes[side] ?? []);
    }
  const lines = [
    "| policy | decisions | p50 ms | p99 ms | max ms | p99 CPU ms | card plays: p50 · p99 ms |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const [policy, w] of wall) {
    const c = cpu.get(policy) ?? [];
    const pl = plays.get(policy) ?? [];
    lines.push(
      `| ${policy} | ${w.length} | ${quantile(w, 0.5).toFixed(3)} | ${quantile(w, 0.99).toFixed(2)} | ${quantile(w, 1).toFixed(1)} | ${quantile(c, 0.99).toFixed(2)} | ${quantile(pl, 0.5).toFixed(2)} · ${quantile(pl, 0.99).toFixed(2)} |`,
    );
  }
  return lines.join("\n");
}

/** The targets of issue 9 §4 that need two pairings each. */
export function targetLines(pairings: readonly PairingStats[]): string[] {
  const find = (a: DreamersPolicy, b: DreamersPolicy) =>
    pairings.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  const lines: string[] = [];
  const oracles = find("oracle", "oracle");
  const blocker = find("oracle", "blocker");
  if (oracles && blocker) {
    const oracleMaster = new Tally();
    oracleMaster.merge(oracles.withMaster[0]?.unmasked as Tally);
    oracleMaster.merge(oracles.withMaster[1]?.unmasked as Tally);
    const blockerMaster = (blocker.a === "blocker" ? blocker.withMaster[0] : blocker.withMaster[1])
      ?.unmasked as Tally;
    const se = Math.sqrt(oracleMaster.se ** 2 + blockerMaster.se ** 2);
    lines.push(
      `- Against the oracle Dreamer, the oracle Master is unmasked in ${pct(oracleMaster)} of rounds (${oracleMaster.n}), the always-blocking Master in ${pct(blockerMaster)} (${blockerMaster.n}): difference ${(100 * (blockerMaster.mean - oracleMaster.mean)).toFixed(1)} ±${(200 * se).toFixed(1)} points — ${blockerMaster.mean - oracleMaster.mean > 2 * se ? "target met" : "**target not met**"}.`,
    );
  }
  const honest = find("honest", "honest");
  if (oracles && honest) {
    const o = oracles.bothDreamers.allGates;
    const h = honest.bothDreamers.allGates;
    lines.push(
      `- Two oracle Dreamers open all three gates in ${pct(o)} of their rounds (${o.n}), two honest baselines in ${pct(h)} (${h.n}) — ${o.mean >= h.mean ? "target met" : "**target not met**"}.`,
    );
  }
  return lines;
}
