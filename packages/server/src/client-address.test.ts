import { describe, expect, it } from "vitest";
import { addressKey, clientAddress, parseTrustProxy, trustFunction } from "./client-address";

const req = (remote: string, xff?: string) => ({
  socket: { remoteAddress: remote } as never,
  headers: xff === undefined ? {} : { "x-forwarded-for": xff },
});

describe("parseTrustProxy", () => {
  it("reads off, hop counts and address lists", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.1, 10.0.0.0/8")).toEqual(["10.0.0.1", "10.0.0.0/8"]);
  });
});

describe("clientAddress with spoofed X-Forwarded-For chains", () => {
  it("ignores the header when no proxy is trusted", () => {
    expect(clientAddress(req("203.0.113.9", "1.2.3.4"), trustFunction(false))).toBe("203.0.113.9");
  });

  it("with one trusted hop takes the address the proxy added, not what the client wrote", () => {
    const trust = trustFunction(1);
    // the client sent "X-Forwarded-For: 1.2.3.4"; the proxy appended the real peer 198.51.100.7
    expect(clientAddress(req("10.0.0.2", "1.2.3.4, 198.51.100.7"), trust)).toBe("198.51.100.7");
    expect(clientAddress(req("10.0.0.2", "9.9.9.9, 8.8.8.8, 198.51.100.7"), trust)).toBe("198.51.100.7");
    expect(clientAddress(req("10.0.0.2", "198.51.100.7"), trust)).toBe("198.51.100.7");
    expect(clientAddress(req("10.0.0.2"), trust)).toBe("10.0.0.2");
  });

  it("with two hops skips exactly two proxies", () => {
    const trust = trustFunction(2);
    expect(clientAddress(req("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.3"), trust)).toBe("198.51.100.7");
  });

  it("with an address list trusts only those proxies", () => {
    const trust = trustFunction(["10.0.0.0/8"]);
    expect(clientAddress(req("10.0.0.2", "1.2.3.4, 198.51.100.7, 10.0.0.3"), trust)).toBe("198.51.100.7");
    // a peer that is not a listed proxy is the client, whatever it claims
    expect(clientAddress(req("203.0.113.9", "1.2.3.4"), trust)).toBe("203.0.113.9");
  });
});

describe("addressKey", () => {
  it("keys IPv4 on the address and IPv6 on its /64", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
