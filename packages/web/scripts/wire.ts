/**
 * Bytes on the wire for one visit of a page in Chromium, counted by the DevTools protocol: every HTTP
 * response's encoded length (headers and body as they crossed the network, so compressed when the
 * server compressed), which requests the cache answered without asking the server, and which were
 * revalidated (304). WebSocket frames after the realtime connection upgrades are not counted.
 */
import type { BrowserContext, CDPSession, Page } from "playwright-core";

export interface WireVisit {
  requests: number;
  /** Answered from the browser's cache without a request. */
  fromCache: number;
  /** Revalidations the server answered 304 Not Modified. */
  notModified: number;
  bytes: number;
  /** Responses that came with a Content-Encoding (br, gzip…). */
  encoded: number;
  /** Bytes by the resource's kind (Document, Script, Stylesheet, Font, Image, Fetch, XHR…). */
  byKind: Map<string, number>;
}

interface Tracked {
  kind: string;
  status: number;
  cached: boolean;
  encoding: string;
  wireStatus?: number;
}

/** Records what the page's requests cost until `stop()` is called. */
export async function recordWire(context: BrowserContext, page: Page, compressed: boolean) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  // Without compression: the browser announces no content encoding, as a client that cannot decode.
  if (!compressed)
    await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
  const tracked = new Map<string, Tracked>();
  const visit: WireVisit = {
    requests: 0,
    fromCache: 0,
    notModified: 0,
    bytes: 0,
    encoded: 0,
    byKind: new Map(),
  };
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.request.url.startsWith("data:")) return;
    tracked.set(e.requestId, { kind: e.type ?? "Other", status: 0, cached: false, encoding: "" });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const t = tracked.get(e.requestId);
    if (t) t.cached = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const t = tracked.get(e.requestId);
    if (!t) return;
    t.status = e.response.status;
    const headers = Object.entries(e.response.headers);
    t.encoding = headers.find(([name]) => name.toLowerCase() === "content-encoding")?.[1] ?? "";
    if (e.response.fromDiskCache) t.cached = true;
  });
  // The status as it came over the wire: for a navigation revalidated with a 304, responseReceived
  // reports the cached 200.
  cdp.on("Network.responseReceivedExtraInfo", (e) => {
    const t = tracked.get(e.requestId);
    if (t) t.wireStatus = e.statusCode;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const t = tracked.get(e.requestId);
    if (!t) return;
    tracked.delete(e.requestId);
    if (t.cached) {
      visit.fromCache++;
      return;
    }
    visit.requests++;
    if ((t.wireStatus ?? t.status) === 304) visit.notModified++;
    if (t.encoding) visit.encoded++;
    visit.bytes += e.encodedDataLength;
    visit.byKind.set(t.kind, (visit.byKind.get(t.kind) ?? 0) + e.encodedDataLength);
  });
  return {
    async stop(): Promise<WireVisit> {
      await cdp.detach().catch(() => undefined);
      return visit;
    },
  };
}

export function describeVisit(v: WireVisit): string {
  const kinds = [...v.byKind]
    .sort(([, a], [, b]) => b - a)
    .map(([kind, bytes]) => `${kind} ${(bytes / 1024).toFixed(1)}`)
    .join(", ");
  return `${(v.bytes / 1024).toFixed(1).padStart(7)} KB in ${String(v.requests).padStart(2)} requests (${v.encoded} compressed, ${v.notModified} × 304, ${v.fromCache} from cache without asking)${kinds ? ` — ${kinds}` : ""}`;
}
