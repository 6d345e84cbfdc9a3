import { describe, expect, it } from "vitest";
import { serviceWorkerSource } from "../scripts/service-worker";

function shellOf(source: string): string[] {
  const match = /const SHELL = (\[.*\]);/.exec(source);
  return JSON.parse(match?.[1] ?? "[]") as string[];
}

describe("the service worker's source", () => {
  it("caches only '/' and the fingerprinted assets it is given, under a version that follows them", () => {
    const a = serviceWorkerSource(["assets/index-abc123.js", "assets/index-def456.css"]);
    expect(shellOf(a)).toEqual(["/", "/assets/index-abc123.js", "/assets/index-def456.css"]);
    const b = serviceWorkerSource(["assets/index-zzz999.js", "assets/index-def456.css"]);
    expect(/firmament-shell-(\w+)/.exec(a)?.[1]).not.toBe(/firmament-shell-(\w+)/.exec(b)?.[1]);
  });

  it("answers nothing while online and never names the API, sockets or cards", () => {
    const source = serviceWorkerSource(["assets/x-1.js"]);
    expect(source).toContain("self.navigator.onLine) return;");
    for (const path of ['"/api', '"/socket.io', '"/cards', '"/decks']) expect(source).not.toContain(path);
  });
});

type Listener = (event: Record<string, unknown>) => void;

/** Runs the worker's source against a stand-in `self` and returns what it registered and did. */
function runWorker(windows: Array<{ url: string; focus: () => void }> = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const opened: string[] = [];
  const self = {
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    location: { origin: "https://play.example.org" },
    navigator: { onLine: true },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
      },
    },
  };
  new Function("self", "caches", serviceWorkerSource(["assets/x-1.js"]))(self, {});
  const waits: Promise<unknown>[] = [];
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, shown, opened };
}

const pushOf = (data: unknown) => ({ data: { json: () => data } });

describe("the service worker's calls", () => {
  it("shows a call as a notification that remembers its table", async () => {
    const worker = runWorker();
    const call = {
      title: "Your move in Dreamers with Bruno — 23 h left",
      body: "Open the table to play.",
      url: "/t/ABCDEF",
      tag: "table-ABCDEF",
      lang: "en",
    };
    await worker.dispatch("push", pushOf(call));
    expect(worker.shown).toEqual([
      {
        title: call.title,
        options: {
          body: call.body,
          tag: call.tag,
          lang: "en",
          icon: "/icons/icon-192.png",
          data: { url: "/t/ABCDEF" },
        },
      },
    ]);
  });

  it("opens only a table of this site, and nothing for a message that is not a call", async () => {
    const worker = runWorker();
    await worker.dispatch("push", pushOf({ title: "x", url: "https://evil.example/t/ABCDEF" }));
    await worker.dispatch("push", pushOf({ nothing: true }));
    await worker.dispatch("push", { data: { json: () => JSON.parse("{") } });
    expect(worker.shown.map((s) => s.options.data)).toEqual([{ url: "/" }]);
  });

  it("focuses the window showing the table on a click, else opens it", async () => {
    let focused = 0;
    const worker = runWorker([{ url: "https://play.example.org/t/ABCDEF", focus: () => focused++ }]);
    const click = (url: string) => ({ notification: { data: { url }, close: () => undefined } });
    await worker.dispatch("notificationclick", click("/t/ABCDEF"));
    await worker.dispatch("notificationclick", click("/t/GHJKMN"));
    expect(focused).toBe(1);
    expect(worker.opened).toEqual(["https://play.example.org/t/GHJKMN"]);
  });
});
