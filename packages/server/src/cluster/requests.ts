import type { Conn } from "../context";
import type { ActionMessage, HelloMessage, JoinTableBody, SimpleAck } from "../protocol";
import type { TableService } from "../service";
import type { YourSeat } from "../your-games";

/** What the processes of a cluster ask each other about tables, and how they refuse. */

/** The connection commands that run at a table's owner. */
const COMMANDS = [
  "action",
  "chat",
  "addBot",
  "removeBot",
  "leave",
  "start",
  "playAgain",
  "moreTime",
] as const;
export type Command = (typeof COMMANDS)[number];

/**
 * Runs a connection command at the table's owner under its request id. `chat` and `action` need the id:
 * they store it with the line or the action, so a repeat that reaches a later owner is not applied
 * twice. The others are refused when repeated by their own rules (docs/deploy.md, "Forwarded commands
 * are idempotent").
 */
export function runCommand(
  service: TableService,
  name: Command,
  conn: Conn,
  msg: unknown,
  rid: string,
): Promise<SimpleAck> {
  if (name === "chat") return service.chat(conn, msg as string, rid);
  if (name === "action") return service.action(conn, msg as ActionMessage, rid);
  return (service[name] as (c: Conn, m: unknown) => Promise<SimpleAck>).call(service, conn, msg);
}

export type Request =
  | { op: "hello"; code: string; id: string; msg: HelloMessage }
  | { op: "detach"; code: string; id: string }
  | {
      op: "command";
      code: string;
      id: string;
      /** This forwarding's id: the owner answers a repeat (a retry after no answer) with its first reply. */
      rid: string;
      name: Command;
      hello: HelloMessage | null;
      msg: unknown;
    }
  | { op: "info"; code: string }
  | { op: "yourGame"; code: string; who: YourSeat }
  | { op: "join"; code: string; rid: string; body: JoinTableBody }
  /** The sender gave the table back: the process it is routed to takes it now. */
  | { op: "adopt"; code: string }
  | { op: "report"; tables: Array<{ code: string; conns: Array<{ id: string; hello: HelloMessage }> }> };

export interface Reply {
  notOwner?: true;
  value?: unknown;
  state?: { code: string | null; seat: number | null; host: boolean };
  emits?: Array<[string, unknown]>;
}

export const CONFLICT = {
  ok: false as const,
  error: { code: "server/conflict", message: "The table changed elsewhere; try again." },
  status: 409,
};
export const CLOSING = {
  ok: false as const,
  error: { code: "server/closing", message: "The server is shutting down." },
  status: 503,
};
/** How long a command may wait for a table's new owner after the old one died (leases last 3 s). */
export const FORWARD_DEADLINE_MS = 8000;
/** Every connection's table is reported to its owner this often; the owner forgets silent ones after 3.5 periods. */
export const REPORT_MS = 1000;
export const REPORT_SILENCE_MS = 3.5 * REPORT_MS;

/** The error code of a refusal, whether an outcome or a hello's ack. */
function errorCode(value: unknown): string | undefined {
  const outcome = value as { error?: { code?: string }; ack?: { error?: { code?: string } } } | null;
  return (outcome?.error ?? outcome?.ack?.error)?.code;
}

/** A refusal by an owner that is shutting down (its tables go to other processes in a moment). */
export function isClosing(value: unknown): boolean {
  return errorCode(value) === "server/closing";
}

/** A refusal because the table changed hands meanwhile (nothing was changed, so it may be retried at the new owner). */
export function isConflict(value: unknown): boolean {
  return errorCode(value) === "server/conflict";
}
