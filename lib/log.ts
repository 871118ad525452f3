import "server-only";
import pino from "pino";
import { currentRequestId } from "@/lib/request-context";

/**
 * Structured logs; anything that could carry a secret is redacted by path. Inside a request (see
 * withRequestId) every line carries its `requestId`, the same id the browser sees and the provider
 * receives as X-Request-Id.
 */
export const logOptions: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? "info",
  base: { service: "merchant-ops" },
  redact: {
    paths: ["*.password", "*.apiKey", "*.secret", "*.headers['x-api-key']", "*.authorization", "*.cookie"],
    censor: "[redacted]",
  },
  mixin() {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
};

export const log = pino(logOptions);
