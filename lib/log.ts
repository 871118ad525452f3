import "server-only";
import pino from "pino";

// Structured logs; anything that could carry a secret is redacted by path.
export const log = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "merchant-ops" },
  redact: {
    paths: ["*.password", "*.apiKey", "*.secret", "*.headers['x-api-key']", "*.authorization", "*.cookie"],
    censor: "[redacted]",
  },
});
