import { describe, expect, it } from "vitest";
import { clientAddressResolver, parseTrustProxy } from "./client-address.server";

const request = (peer: string, forwardedFor?: string) =>
  ({ headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }, socket: { remoteAddress: peer } }) as Parameters<
    ReturnType<typeof clientAddressResolver>
  >[0];

describe("TRUST_PROXY", () => {
  it("reads off, a number of hops (true is one) or a list of proxy addresses, and nothing else", () => {
    for (const off of [undefined, "", "false", "0", "no"]) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1")).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(parseTrustProxy("loopback")).toEqual(["loopback"]);
    for (const bad of ["11", "maybe", "10.0.0.0/99", "1.2.3"]) expect(parseTrustProxy(bad), bad).toBeNull();
  });
});

describe("the client address", () => {
  it("is the connection's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressResolver(false)(request("203.0.113.9", "198.51.100.1"))).toBe("203.0.113.9");
  });

  it("behind one proxy that appends to X-Forwarded-For, is what that proxy saw, not what the client wrote on the left", () => {
    const address = clientAddressResolver(1);
    // The client sent "X-Forwarded-For: 198.51.100.1"; the proxy (127.0.0.1) appended the peer it saw.
    expect(address(request("127.0.0.1", "198.51.100.1, 203.0.113.9"))).toBe("203.0.113.9");
    expect(address(request("127.0.0.1", "203.0.113.9"))).toBe("203.0.113.9");
    // No header: the peer itself.
    expect(address(request("127.0.0.1"))).toBe("127.0.0.1");
  });

  it("behind two proxies, is the entry the outer one added", () => {
    expect(clientAddressResolver(2)(request("10.0.0.2", "198.51.100.1, 203.0.113.9, 10.0.0.1"))).toBe("203.0.113.9");
  });

  it("with trusted addresses, skips them from the right and stops at the first other address", () => {
    const address = clientAddressResolver(["10.0.0.0/8", "loopback"]);
    expect(address(request("127.0.0.1", "198.51.100.1, 203.0.113.9, 10.1.2.3"))).toBe("203.0.113.9");
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(address(request("203.0.113.50", "198.51.100.1"))).toBe("203.0.113.50");
  });
});
