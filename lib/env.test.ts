import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

const valid = {
  DATABASE_URL: "postgresql://u:p@localhost:5432/db",
  AUTH_SECRET: "x".repeat(32),
  VAULT_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
};

describe("environment validation", () => {
  it("accepts a complete environment and fills defaults", () => {
    const env = parseEnv(valid);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.UPSTREAM_SANDBOX_CORE_URL).toBe("http://localhost:4010");
    expect(env.UPSTREAM_RATE_LIMIT_PER_MINUTE).toBe(100);
  });

  it("names a missing variable and says what to put there", () => {
    const { DATABASE_URL: _omit, ...rest } = valid;
    expect(() => parseEnv(rest)).toThrow(/DATABASE_URL is missing: set it to a PostgreSQL URL/);
  });

  it("refuses a malformed value with the reason", () => {
    expect(() => parseEnv({ ...valid, DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgresql:\/\//);
    expect(() => parseEnv({ ...valid, AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET is too short/);
    expect(() => parseEnv({ ...valid, VAULT_MASTER_KEY: "abc" })).toThrow(/VAULT_MASTER_KEY must be exactly 32 bytes/);
    expect(() => parseEnv({ ...valid, UPSTREAM_RATE_LIMIT_PER_MINUTE: "lots" })).toThrow(
      /UPSTREAM_RATE_LIMIT_PER_MINUTE must be a whole number of requests per minute/,
    );
    expect(() => parseEnv({ ...valid, UPSTREAM_RATE_LIMIT_PER_MINUTE: "5" })).toThrow(/UPSTREAM_RATE_LIMIT_PER_MINUTE must be at least 20/);
    expect(parseEnv({ ...valid, UPSTREAM_RATE_LIMIT_PER_MINUTE: "300" }).UPSTREAM_RATE_LIMIT_PER_MINUTE).toBe(300);
  });

  it("treats empty strings as unset", () => {
    expect(() => parseEnv({ ...valid, AUTH_SECRET: "" })).toThrow(/AUTH_SECRET is missing/);
  });

  it("wants all three OIDC settings or none", () => {
    expect(() => parseEnv({ ...valid, OIDC_ISSUER: "https://id.example.com" })).toThrow(/OIDC sign-in needs all three/);
    const env = parseEnv({ ...valid, OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" });
    expect(env.OIDC_NAME).toBe("Single sign-on");
  });
});
