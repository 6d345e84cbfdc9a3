import type { GameKind } from "@firmament/protocol";
import type { Selectable } from "kysely";
import { DELETED_PLAYER } from "../accounts/names";
import type { DB } from "./schema";
import type { ActionRow, ChatRow, MatchRow, SeatRow } from "./types";

/** Conversions between the store's rows and the database's columns. */
/** Who a table's stored seats belong to (`seatOwners`): accounts by seat token hash, and the deleted ones. */
export interface SeatOwners {
  byToken: ReadonlyMap<string, string>;
  deleted: ReadonlySet<string>;
}

export function seatToDb(code: string, s: SeatRow, owners?: SeatOwners): DB["seats"] {
  const accountId =
    s.accountId ?? (s.tokenHash !== null ? owners?.byToken.get(s.tokenHash) : undefined) ?? null;
  return {
    table_code: code,
    seat: s.seat,
    colour: s.colour,
    name: accountId !== null && owners?.deleted.has(accountId) ? DELETED_PLAYER : s.name,
    kind: s.kind,
    level: s.level,
    token_hash: s.tokenHash,
    account_id: accountId,
    request_id: s.requestId ?? null,
  };
}

export function seatFromDb(s: DB["seats"]): SeatRow {
  return {
    seat: s.seat,
    colour: s.colour,
    name: s.name,
    kind: s.kind as SeatRow["kind"],
    level: s.level as SeatRow["level"],
    tokenHash: s.token_hash,
    accountId: s.account_id ?? null,
    ...(s.request_id != null && { requestId: s.request_id }),
  };
}

export function matchFromDb(g: DB["games"]): MatchRow {
  return {
    match: g.match,
    kind: g.kind as GameKind,
    seed: g.seed,
    colours: JSON.parse(g.colours),
    deck: JSON.parse(g.deck),
    setup: JSON.parse(g.setup),
    rules: g.rules,
    startedAt: Number(g.started_at),
    finishedAt: g.finished_at === null ? null : Number(g.finished_at),
    ...(g.abandoned ? { abandoned: JSON.parse(g.abandoned) as number[] } : {}),
  };
}

export function chatFromDb(c: Selectable<DB["chat"]>): ChatRow {
  return {
    id: c.id,
    seat: c.seat,
    name: c.name,
    colour: c.colour,
    text: c.text,
    at: Number(c.at),
    ...(c.request_id !== null && { requestId: c.request_id }),
  };
}

export function actionFromDb(a: Pick<DB["actions"], "version" | "action" | "at" | "request_id">): ActionRow {
  return {
    version: a.version,
    action: JSON.parse(a.action),
    at: Number(a.at),
    ...(a.request_id !== null && { requestId: a.request_id }),
  };
}
