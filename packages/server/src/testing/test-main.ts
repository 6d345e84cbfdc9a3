/**
 * The server for tests whose time must pass faster than real time (turn-based deadlines of days): the
 * server of `main.ts` on an `OffsetClock` the test moves on through this process's standard input,
 * one line `advance <ms>` at a time; it answers `clock <now>` on standard output. TEST_CLOCK_START
 * (epoch ms) sets the first reading, so a restarted process carries on from the time its test had
 * reached. Only tests run this file: `npm start` and the cluster run `main.js`, which has no way to
 * move its clock, and this file reads no setting that could turn `main.js` into it.
 */
import { createInterface } from "node:readline";
import { runServer } from "../run-server";
import { OffsetClock } from "./offset-clock";

const start = Number(process.env.TEST_CLOCK_START);
const clock = new OffsetClock(Number.isFinite(start) && start > 0 ? start : Date.now());

createInterface({ input: process.stdin }).on("line", (line) => {
  const match = /^advance (\d+)$/.exec(line.trim());
  if (match) clock.advance(Number(match[1]));
  console.log(`clock ${clock.now()}`);
});

await runServer({ clock });
