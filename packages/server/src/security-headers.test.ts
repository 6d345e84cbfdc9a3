import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineStyleHashes } from "./security-headers";

describe("security headers", () => {
  it("hashes each inline style block of index.html exactly as browsers do", () => {
    const css = "\n      html { background: #0b1026; }\n    ";
    const expected = createHash("sha256").update(css).digest("base64");
    const html = `<html><head><style>${css}</style><style media="x">a{}</style></head></html>`;
    expect(inlineStyleHashes(html)).toEqual([
      `'sha256-${expected}'`,
      `'sha256-${createHash("sha256").update("a{}").digest("base64")}'`,
    ]);
  });

  it("allows only this origin for scripts and the connection, and nobody to frame the site", () => {
    const csp = contentSecurityPolicy(["'sha256-abc'"]);
    const directives = new Map(
      csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")] as const),
    );
    expect(directives.get("script-src")).toBe("'self'");
    expect(directives.get("style-src")).toBe("'self' 'sha256-abc'");
    expect(directives.get("connect-src")).toBe("'self'");
    expect(directives.get("img-src")).toBe("'self' data: blob:");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(directives.get("object-src")).toBe("'none'");
    expect(csp).not.toContain("unsafe");
  });
});
