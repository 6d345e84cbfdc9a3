import { describe, expect, it } from "vitest";
import { isLoopbackAddress, lanAddresses, mayLearnNetwork } from "./network";

const info = (address: string, family: "IPv4" | "IPv6", internal = false) =>
  ({ address, family, internal, netmask: "", mac: "", cidr: null }) as never;

describe("lanAddresses", () => {
  it("keeps reachable IPv4 addresses once and drops loopback, link-local and IPv6", () => {
    const found = lanAddresses({
      lo: [info("127.0.0.1", "IPv4", true), info("::1", "IPv6", true)],
      eth0: [info("192.168.1.20", "IPv4"), info("fe80::1", "IPv6")],
      wlan0: [info("169.254.3.4", "IPv4"), info("10.0.0.7", "IPv4"), info("192.168.1.20", "IPv4")],
    });
    expect(found).toEqual(["192.168.1.20", "10.0.0.7"]);
  });
});

describe("who may learn the network addresses", () => {
  const request = (ip: string, host: string) => ({ ip, headers: { host } });

  it("a browser on this machine that opened localhost", () => {
    expect(mayLearnNetwork(request("127.0.0.1", "localhost:8080"))).toBe(true);
    expect(mayLearnNetwork(request("::1", "[::1]:8080"))).toBe(true);
    expect(mayLearnNetwork(request("::ffff:127.0.0.1", "127.0.0.1:8080"))).toBe(true);
  });

  it("nobody else: other addresses, public host names, or a server with a public URL", () => {
    expect(mayLearnNetwork(request("192.168.1.30", "localhost:8080"))).toBe(false);
    // A reverse proxy on the same machine forwards requests from anywhere with the public host name.
    expect(mayLearnNetwork(request("127.0.0.1", "dreams.example.org"))).toBe(false);
    expect(mayLearnNetwork(request("127.0.0.1", "localhost.example.org"))).toBe(false);
    expect(mayLearnNetwork(request("127.0.0.1", "localhost:8080"), "https://dreams.example.org")).toBe(false);
  });

  it("nobody whose request came through a proxy, whatever Host the proxy sends", () => {
    for (const header of [
      "forwarded",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-forwarded-proto",
      "x-real-ip",
      "via",
    ])
      expect(
        mayLearnNetwork({ ip: "127.0.0.1", headers: { host: "127.0.0.1:8080", [header]: "203.0.113.9" } }),
      ).toBe(false);
  });

  it("recognises loopback addresses only", () => {
    expect(isLoopbackAddress("127.0.0.5")).toBe(true);
    expect(isLoopbackAddress("10.127.0.1")).toBe(false);
    expect(isLoopbackAddress("::2")).toBe(false);
  });
});
