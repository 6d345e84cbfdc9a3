/**
 * A game against bots, started at once: a private table without timers, the player in seat 0 (as host),
 * bots in the other seats.
 * - POST /api/tutorials, a guided first game: dealt with a seed the game's adapter picked so each lesson
 *   comes up for the learner. Nothing about the game changes: the client teaches from its own view.
 * - POST /api/quick-games, "play now": an ordinary game, dealt with a fresh seed.
 */
import type { ServiceContext } from "./context";
import { gameOf } from "./games";
import { fail, type Outcome } from "./outcome";
import { COLOURS, type CreateTutorialBody, type CreateTutorialResponse, type TableConfig } from "./protocol";
import type { SeatRow, TableRow } from "./store/types";
import { hashToken, newCode, newToken } from "./tokens";

/** Easy to read for someone who is learning: the bots play fairly but not their sharpest. */
const TUTORIAL_BOT_LEVEL = "medium" as const;
const TUTOR_BOT_NAMES = ["Lyra", "Orion", "Vega", "Altair", "Deneb"];

export async function createBotGame(
  ctx: ServiceContext,
  body: CreateTutorialBody,
  origin: string,
  guided: boolean,
  /** In a cluster: takes the new table's lease, so this process may load and start it. */
  claim?: (code: string) => Promise<void>,
): Promise<Outcome<CreateTutorialResponse>> {
  const game = gameOf(body.game);
  const tutorial = game?.tutorial;
  if (!game || (guided && !tutorial))
    return fail("input/invalid", "That game has no guided first game.", 400);
  const seatCount = tutorial?.seats ?? game.rules.seats.min;
  const hostToken = newToken();
  const token = newToken();
  const seats = tutorialSeats(body, seatCount, hashToken(token));
  const config: TableConfig = {
    game: game.kind,
    seats: seatCount,
    visibility: "private",
    timer: "off",
    ...(game.usesDeck ? { deck: "standard" as const } : {}),
    ...(guided ? { tutorial: true } : {}),
  };
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = newCode();
    const row: TableRow = {
      code,
      config,
      hostTokenHash: hashToken(hostToken),
      status: "lobby",
      match: 0,
      hostSeat: 0,
      createdAt: ctx.clock.now(),
    };
    if (!(await ctx.store.createTable(row, seats))) continue;
    await claim?.(code);
    const started = await ctx.tables.run(code, (table) =>
      guided && tutorial
        ? table.startTutorial((setup) => tutorial.seed(setup, ctx.seedSource))
        : table.start(),
    );
    if (!started.ok) return started;
    ctx.log.info({ table: code, game: body.game }, guided ? "tutorial started" : "quick game started");
    return { ok: true, value: { code, inviteUrl: `${origin}/t/${code}`, hostToken, seat: 0, token } };
  }
  return fail("server/error", "Could not find a free table code.", 500);
}

/** The learner in seat 0, bots in the others. */
function tutorialSeats(body: CreateTutorialBody, count: number, tokenHash: string): SeatRow[] {
  const botColours = COLOURS.filter((c) => c !== body.colour);
  return Array.from({ length: count }, (_, seat) =>
    seat === 0
      ? {
          seat,
          colour: body.colour,
          name: body.name,
          kind: "human",
          level: null,
          tokenHash,
        }
      : {
          seat,
          colour: botColours[seat - 1] ?? null,
          name: TUTOR_BOT_NAMES[seat - 1] ?? `Bot ${seat + 1}`,
          kind: "bot",
          level: TUTORIAL_BOT_LEVEL,
          tokenHash: null,
        },
  );
}
