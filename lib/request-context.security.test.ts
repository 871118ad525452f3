/**
 * Security promise: the client address the app acts on (sign-in throttle, audit log, webhook
 * intake) is the right-most X-Forwarded-For entry that the configured trusted proxies did not add;
 * whatever a client writes into the header itself is never taken as its address.
 */
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { clientAddress } from "./request-context";

describe("the client address behind TRUSTED_PROXY_COUNT proxies", () => {
  it("ignores what the client wrote left of the entries the proxies added", () => {
    // One load balancer appended the address that connected to it.
    expect(clientAddress("6.6.6.6, 198.51.100.7", 1)).toBe("198.51.100.7");
    // A CDN, then a load balancer: the load balancer's entry is the CDN's own address.
    expect(clientAddress("6.6.6.6, 198.51.100.7, 203.0.113.1", 2)).toBe("198.51.100.7");
    // No proxy: the entry Next wrote from the connection.
    expect(clientAddress("198.51.100.8", 0)).toBe("198.51.100.8");
  });

  it("takes the left-most entry when a request passed fewer proxies than configured", () => {
    expect(clientAddress("198.51.100.9", 2)).toBe("198.51.100.9");
  });

  it("normalises the forms proxies write, and refuses what is not an address", () => {
    expect(clientAddress("::ffff:192.0.2.4", 0)).toBe("192.0.2.4");
    expect(clientAddress("192.0.2.5:51234", 1)).toBe("192.0.2.5");
    expect(clientAddress("[2001:DB8::1]:443", 1)).toBe("2001:db8::1");
    expect(clientAddress("not-an-address", 1)).toBeNull();
    expect(clientAddress(null, 1)).toBeNull();
  });

  it("validates TRUSTED_PROXY_COUNT at start-up", () => {
    const base = { DATABASE_URL: "postgresql://u:p@h/db", AUTH_SECRET: "x".repeat(32), VAULT_MASTER_KEY: Buffer.alloc(32).toString("base64") };
    expect(parseEnv(base).TRUSTED_PROXY_COUNT).toBe(0);
    expect(parseEnv({ ...base, TRUSTED_PROXY_COUNT: "2" }).TRUSTED_PROXY_COUNT).toBe(2);
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_COUNT: "-1" })).toThrow(/TRUSTED_PROXY_COUNT must be 0 or more/);
    expect(() => parseEnv({ ...base, TRUSTED_PROXY_COUNT: "one" })).toThrow(/TRUSTED_PROXY_COUNT must be the number of proxies/);
  });
});
