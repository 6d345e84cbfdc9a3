/**
 * CPU profiles of a benchmark's measuring window only (Node's `--cpu-prof` covers a process's whole
 * life: start-up, setting up thousands of sockets and the warm-up would drown the steady state). The
 * server runs with `--inspect=127.0.0.1:0`; the benchmark reads the inspector's address from the
 * server's standard error, starts V8's profiler through the DevTools protocol when its window opens
 * and writes the profile when it closes, then sums it up: where the event loop's busy time went.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";

/** Node prints this line on standard error when it listens for an inspector. */
const LISTENING = /Debugger listening on (ws:\/\/\S+)/;

/** The inspector address in a chunk of a process's standard error, if it is there. */
export function inspectorAddress(stderr: string): string | null {
  return LISTENING.exec(stderr)?.[1] ?? null;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One process's profiler, driven over the DevTools protocol. */
export class WindowProfiler {
  private nextId = 0;
  private readonly waiting = new Map<number, (result: unknown) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) this.waiting.get(msg.id)?.(msg.result);
    });
  }

  static async connect(address: string): Promise<WindowProfiler> {
    const ws = new WebSocket(address);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    return new WindowProfiler(ws);
  }

  private call(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.nextId;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  async start(): Promise<void> {
    await this.call("Profiler.enable");
    await this.call("Profiler.start");
  }

  /** Stops the profiler and writes its profile to `dir` as `name.cpuprofile`. */
  async stop(dir: string, name: string): Promise<CpuProfile> {
    const { profile } = (await this.call("Profiler.stop")) as { profile: CpuProfile };
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    this.ws.close();
    return profile;
  }
}

/** Where a sample's time goes: a package, a part of our code, Node itself or V8's own work. */
export function areaOf(frame: ProfileNode["callFrame"]): string {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (dependency) return `package ${dependency[1]}`;
  const ours = /\/packages\/([^/]+)\/(?:src|bench)\/(.+)$/.exec(frame.url);
  if (ours) return ours[1] === "server" ? `server ${ours[2]}` : `game rules (${ours[1]})`;
  if (frame.url.startsWith("node:")) return "Node core (streams, events, timers)";
  if (frame.url === "") {
    if (
      frame.functionName === "writeBuffer" ||
      frame.functionName === "writev" ||
      frame.functionName === "writeUtf8String"
    )
      return "socket writes (system calls)";
    return frame.functionName || "(native)"; // (garbage collector), (program), native functions
  }
  return frame.url;
}

/** The profile's busy time (idle left out) by area, largest first, as shares. */
export function busyByArea(profile: CpuProfile): { busyMs: number; areas: [string, number][] } {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byArea = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    const micros = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === "(idle)") return;
    busy += micros;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
  });
  const areas = [...byArea].map(([a, t]): [string, number] => [a, t / busy]).sort((x, y) => y[1] - x[1]);
  return { busyMs: busy / 1000, areas };
}
