/** Tables set up through the server's API for the browser tests, and seats handed to a browser. */
import type { BrowserContext } from "playwright-core";
import { io } from "socket.io-client";

/** A JSON POST to the server's API, its JSON answer; throws on an error status. */
export async function postJson<T>(server: { url: string }, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface SeatToken {
  seat: number;
  token: string;
}

/** A new table (`config` as the create form sends it) with Ada seated in red. */
export async function tableWithAda(
  server: { url: string },
  config: Record<string, unknown>,
): Promise<{ code: string; hostToken: string; ada: SeatToken }> {
  const { code, hostToken } = await postJson<{ code: string; hostToken: string }>(
    server,
    "/api/tables",
    config,
  );
  const ada = await postJson<SeatToken>(server, `/api/tables/${code}/join`, { name: "Ada", colour: "red" });
  return { code, hostToken, ada };
}

/** The seat's token stored where the web client keeps seat tokens, in every page `context` opens. */
export async function keepSeat(context: BrowserContext, code: string, seat: SeatToken): Promise<void> {
  await context.addInitScript(
    ([table, kept]) => window.localStorage.setItem("firmament.seats", JSON.stringify({ [table]: kept })),
    [code, seat] as const,
  );
}

/**
 * The host, from no seat, puts bots in `botSeats` and starts the game over the socket: whether the
 * server accepted each request (hello, each bot, start), in order.
 */
export async function startWithBots(
  server: { url: string },
  table: { code: string; hostToken: string },
  botSeats: readonly number[],
): Promise<boolean[]> {
  const host = io(server.url, { transports: ["websocket"] });
  const ask = (event: string, payload: object) =>
    new Promise<boolean>((resolve) =>
      host.emit(event, payload, (answer: { ok: boolean }) => resolve(answer.ok)),
    );
  const accepted = [await ask("hello", { ...table, protocol: 2 })];
  for (const seat of botSeats) accepted.push(await ask("add_bot", { seat }));
  accepted.push(await ask("start", {}));
  host.close();
  return accepted;
}
