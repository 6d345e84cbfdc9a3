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
