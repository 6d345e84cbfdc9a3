/**
 * `tsx packages/server/scripts/seed-players.ts <data dir>`: fills the SQLite store in that directory
 * with a few demo players and their finished, rated Dreamers matches (played out by bots), with their
 * results and ratings written as a server would — for the profile and leaderboard screenshots of the
 * browser tests. Not for a real server's data.
 */
import pino from "pino";
import { systemClock } from "../src/clock";
import { MatchResults } from "../src/ratings/settle";
import { openSqliteStore } from "../src/store/sqlite";
import { type FixtureSeat, storeFinishedMatch } from "../test/ratings-fixtures";

const DAY = 86_400_000;
const PLAYERS = ["Alice", "Bruno", "Chiara", "Dmitri"];

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: seed-players.ts <data dir>");
const store = await openSqliteStore(dataDir);
const now = systemClock.now();
for (const [index, name] of PLAYERS.entries())
  await store.addAccount({
    id: `demo-${index}`,
    name,
    historyPublic: index !== 3,
    createdAt: now - 60 * DAY,
  });
const results = new MatchResults({ store, log: pino({ level: "silent" }), clock: systemClock });
let n = 0;
for (let round = 0; round < 4; round++)
  for (let a = 0; a < PLAYERS.length; a++)
    for (let b = a + 1; b < PLAYERS.length; b++) {
      const seats: FixtureSeat[] = [{ account: `demo-${a}` }, { account: `demo-${b}` }];
      await storeFinishedMatch(store, {
        code: `DEMO${n}`,
        seats,
        rated: true,
        finishedAt: now - ((40 - n) * DAY) / 2,
      });
      await results.settle(`DEMO${n}`, 1);
      n++;
    }
await storeFinishedMatch(store, {
  code: `DEMO${n}`,
  seats: [{ account: "demo-0" }, { bot: "hard" }],
  rated: true,
  finishedAt: now - 3_600_000,
});
await results.settle(`DEMO${n}`, 1);
console.log(`seeded ${PLAYERS.length} players and ${n + 1} rated matches`);
await store.close();
