/**
 * `npm run bench -w packages/web`: the web client's budget figures.
 *  - initial JavaScript: the entry script and its module preloads from dist/index.html, gzip -9
 *    (lazy chunks such as the how-to-play page and card images are not counted);
 *  - first render in headless Chromium on loopback against the real server: navigation start to the
 *    first contentful paint (the static shell in index.html), and to React's first render of the
 *    landing page / a table's lobby (a performance mark set in an effect), each with a cold cache.
 *    Median and worst of several runs; the machine's load average is printed alongside, and the
 *    renderer main thread's CPU time (CDP ThreadTime), which a busy machine does not inflate;
 *  - bytes on the wire (see wire.ts) for a cold visit (empty cache) and a warm one (the same browser
 *    coming back) of the landing page, a table's lobby as a guest opening the invite link sees it, and
 *    a table being played, watched by a spectator (its card images), with the browser asking for
 *    compressed responses as every browser does, and announcing no encoding at all.
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureWebBuild, launchChromium, startServer, WEB } from "@firmament/e2e/harness";
import type { Browser } from "playwright-core";
import { io } from "socket.io-client";
import { describeVisit, recordWire } from "./wire";

const RUNS = Number(process.env.RUNS ?? 7);

function initialJs(): { files: string[]; raw: number; gzip: number; css: number } {
  const dist = join(WEB, "dist");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const scripts = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g),
  ]
    .map((m) => m[1] as string)
    .filter((v, i, a) => a.indexOf(v) === i);
  const styles = [...html.matchAll(/rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const bytes = readFileSync(join(dist, src));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const css = styles.reduce(
    (sum, href) => sum + gzipSync(readFileSync(join(dist, href)), { level: 9 }).length,
    0,
  );
  return { files: scripts, raw, gzip, css };
}

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const worst = sorted[sorted.length - 1] ?? Number.NaN;
  return `median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms (${values.length} runs)`;
}

await ensureWebBuild();
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${cpus().length} CPUs`,
);
const js = initialJs();
console.log(`initial JS: ${js.files.join(", ")}`);
console.log(
  `initial JS: ${(js.raw / 1024).toFixed(1)} KB raw, ${(js.gzip / 1024).toFixed(1)} KB gzip (budget 150 KB); CSS ${(js.css / 1024).toFixed(1)} KB gzip`,
);

/** A Dreams table of four bots, started, whose bots wait so long that it stays in its first turn. */
async function playingTable(url: string): Promise<string> {
  const created = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "dreams", seats: 4, visibility: "private", timer: "off", deck: "standard" }),
  });
  const { code, hostToken } = (await created.json()) as { code: string; hostToken: string };
  const socket = io(url, { transports: ["websocket"] });
  const ask = (event: string, payload: object) =>
    new Promise<{ ok: boolean }>((resolve) => socket.emit(event, payload, resolve));
  try {
    await ask("hello", { code, hostToken, protocol: 2 });
    for (let seat = 0; seat < 4; seat++) await ask("add_bot", { seat });
    const started = await ask("start", {});
    if (!started.ok) throw new Error(`could not start the bench table: ${JSON.stringify(started)}`);
  } finally {
    socket.close();
  }
  return code;
}

async function wireBytes(browser: Browser, url: string, lobbyCode: string): Promise<void> {
  const playing = await playingTable(url);
  const targets = [
    { label: "landing /", path: "/", ready: "button:has-text('Create table')" },
    { label: "table lobby /t/…", path: `/t/${lobbyCode}`, ready: "#seats-heading" },
    { label: "table playing /t/… (spectator)", path: `/t/${playing}`, ready: "[role=application]" },
  ];
  console.log("bytes on the wire (HTTP responses: headers and bodies as sent):");
  for (const target of targets)
    for (const compressed of [true, false]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      for (const visit of ["cold", "warm"]) {
        const recorder = await recordWire(context, page, compressed);
        await page.goto(`${url}${target.path}`);
        await page.waitForSelector(target.ready);
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        await page.waitForTimeout(400);
        const result = await recorder.stop();
        const how = compressed ? "br/gzip accepted" : "no encoding";
        console.log(`  ${target.label}, ${visit}, ${how}: ${describeVisit(result)}`);
      }
      await context.close();
    }
}

const server = await startServer({ BOT_DELAY_MS: "3600000" });
const browser = await launchChromium();
try {
  const created = await fetch(`${server.url}/api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "dreams", seats: 4, visibility: "private", timer: "off", deck: "standard" }),
  });
  const { code } = (await created.json()) as { code: string };
  const targets = [
    {
      label: "landing /",
      path: "/",
      ready: "button:has-text('Create table')",
      mark: "firmament:app-rendered",
    },
    {
      label: `table /t/${code}`,
      path: `/t/${code}`,
      ready: "#seats-heading",
      mark: "firmament:table-rendered",
    },
  ];
  for (const target of targets) {
    const fcp: number[] = [];
    const ready: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      await page.goto(`${server.url}${target.path}`);
      await page.waitForSelector(target.ready);
      const { metrics } = await cdp.send("Performance.getMetrics");
      const threadTime = metrics.find((m) => m.name === "ThreadTime")?.value ?? Number.NaN;
      const times = await page.evaluate((mark) => {
        const paint = performance.getEntriesByName("first-contentful-paint")[0];
        const rendered = performance.getEntriesByName(mark)[0];
        return {
          fcp: paint ? paint.startTime : Number.NaN,
          ready: rendered ? rendered.startTime : Number.NaN,
        };
      }, target.mark);
      if (i > 0) {
        // the first run warms up the server and Chromium itself
        fcp.push(times.fcp);
        ready.push(times.ready);
        cpu.push(threadTime * 1000);
      }
      await context.close();
    }
    console.log(`${target.label}: first contentful paint ${stats(fcp)}`);
    console.log(`${target.label}: first screen rendered by React ${stats(ready)} (budget 1000 ms)`);
    console.log(`${target.label}: renderer main-thread CPU time until then ${stats(cpu)}`);
  }
  await wireBytes(browser, server.url, code);
} finally {
  await browser.close();
  await server.stop();
}
