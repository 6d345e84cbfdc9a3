import type { Server } from "socket.io";
import type { Clock } from "../clock";
import type { TableApi, TableService } from "../service";
import type { Store } from "../store/types";
import { identifySockets } from "./identify";
import { AccountService, type MatchRecordText } from "./service";

/** Every match of a table as its text record, for an account's export. */
async function recordsOf(api: TableApi, code: string): Promise<MatchRecordText[]> {
  const history = await api.matchHistory(code);
  if (!history.ok) return [];
  const records: MatchRecordText[] = [];
  for (const summary of history.value) {
    const record = await api.matchRecord(code, summary.match);
    if (record.ok)
      records.push({ match: summary.match, finished: record.value.finished, record: record.value.text });
  }
  return records;
}

/** The accounts of this server: its service, and its sockets told which account opened them. */
export function createAccounts(
  parts: { store: Store; clock: Clock; api: TableApi; service: TableService; io: Server },
  publicUrl: string | undefined,
): AccountService {
  // seats claimed, or an account deleted, at a table another process of a cluster holds are known
  // there once it reloads the table
  const accounts = new AccountService(parts.store, parts.clock, {
    recordsOf: (code) => recordsOf(parts.api, code),
    seatsClaimed: (claims, accountId) => parts.service.seatsClaimed(claims, accountId),
    accountDeleted: (account, seatName) => parts.service.accountDeleted(account, seatName),
  });
  identifySockets(parts.io, accounts, publicUrl);
  return accounts;
}
