import { type AuditReport, parseRecord, type Result, replay } from "@firmament/game-kit";
import type { GameKind, MatchHistoryResponse } from "@firmament/protocol";
import { expect } from "vitest";
import { gameOf } from "../src/games";
import type { ActionRow, MatchRow } from "../src/store/types";
import { http } from "./helpers";

function recorderOf(kind: string) {
  const game = gameOf(kind);
  if (!game) throw new Error(`no game ${kind}`);
  return game.recorder;
}

type Service = {
  storedMatch(code: string, match: number): Promise<{ match: MatchRow; actions: ActionRow[] } | null>;
};

/**
 * Every match of a table, as its record says, replays through its game's rules to the same result as
 * the game the server played: the same final scores and winners, every stored action applied.
 * Returns the audits (one per match).
 */
export async function expectRecordsReplay(
  base: string,
  service: Service,
  code: string,
): Promise<AuditReport[]> {
  const history = await http<MatchHistoryResponse>(base, "GET", `/api/tables/${code}/matches`);
  expect(history.status).toBe(200);
  const audits: AuditReport[] = [];
  for (const summary of history.body.matches) {
    const res = await fetch(base + summary.record);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    const parsed = parseRecord(text);
    const audit: Result<AuditReport> = parsed.ok ? recorderOf(summary.game).audit(parsed.value) : parsed;
    if (!audit.ok) throw new Error(`${code}/${summary.match}: ${audit.error.code} ${audit.error.message}`);
    const truth = await finalOf(service, code, summary.match, summary.game);
    expect(audit.value.actions).toBeLessThanOrEqual(truth.actions);
    if (summary.finished) {
      expect(audit.value.actions).toBe(truth.actions);
      expect(audit.value.scores).toEqual(truth.outcome?.scores);
      expect(audit.value.winners).toEqual(truth.outcome?.winners);
      expect(audit.value.unchecked).toEqual([]);
      expect(summary.result).toEqual({ scores: truth.outcome?.scores, winners: truth.outcome?.winners });
    }
    audits.push(audit.value);
  }
  return audits;
}

async function finalOf(service: Service, code: string, match: number, kind: GameKind) {
  const stored = await service.storedMatch(code, match);
  const game = gameOf(kind);
  if (!stored || !game) throw new Error("no stored match");
  const created = game.rules.setup(stored.match.setup, stored.match.seed);
  if (!created.ok) throw new Error(created.error.code);
  const replayed = replay(
    game.rules,
    created.value,
    stored.actions.map((row) => row.action),
  );
  if (!replayed.ok) throw new Error(replayed.error.message);
  const state = replayed.value;
  // Actions of an unrevealed last round are not checked by the audit; the rest all are.
  return { outcome: game.rules.outcome(state), actions: stored.actions.length, state };
}
