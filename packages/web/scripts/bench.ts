/**
 * `npm run bench -w packages/web`: the web client's budget figures.
 *  - initial JavaScript: the entry script and its module preloads from dist/index.html, gzip -9
 *    (lazy chunks such as the how-to-play page and card images are not counted);
 *  - first render in headless Chromium on loopback against the real server: navigation start to the
 *    first contentful paint (the static shell in index.html), and to React's first render of the
 *    landing page / a table's lobby (a performance mark set in an effect), each with a cold cache.
 *    Median and worst of several runs; the machine's load average is printed alongside, and the
 *    renderer main thread's CPU time (CDP ThreadTime), which a busy machine does not inflate.
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureWebBuild, launchChromium, startServer, WEB } from "../../../tests/e2e/harness";

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

const server = await startServer();
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
} finally {
  await browser.close();
  await server.stop();
}
