import { describe, expect, it } from "vitest";
import { clientCacheControl } from "./client-files";
import { negotiateEncoding } from "./compression";

describe("Accept-Encoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["identity", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["deflate", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("the client's Cache-Control", () => {
  it("keeps vite's fingerprinted files a year and revalidates everything else", () => {
    expect(clientCacheControl("assets/index-Cop6Bsk-.js")).toBe("public, max-age=31536000, immutable");
    expect(clientCacheControl("index.html")).toBe("no-cache");
    expect(clientCacheControl("third-party-notices.txt")).toBe("no-cache");
  });
});
