/**
 * Every environment variable the app reads, validated once at start-up. A missing or malformed one
 * stops the app with a sentence naming it and what to put there. Import `env` instead of reading
 * process.env anywhere else.
 */
import { z } from "zod";

const url = (what: string) => z.string({ error: `is missing: set it to ${what}` }).url({ error: `is not a URL: set it to ${what}` });

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: z
      .string({ error: "is missing: set it to a PostgreSQL URL such as postgresql://user:pass@host:5432/merchant_ops" })
      .regex(/^postgres(ql)?:\/\//, { error: "must start with postgresql:// (a PostgreSQL connection URL)" }),
    AUTH_SECRET: z
      .string({ error: "is missing: set it to 32 or more random characters (e.g. `openssl rand -base64 32`)" })
      .min(32, { error: "is too short: use 32 or more random characters (e.g. `openssl rand -base64 32`)" }),
    VAULT_MASTER_KEY: z
      .string({ error: "is missing: set it to 32 random bytes in base64 (e.g. `openssl rand -base64 32`)" })
      .refine((v) => Buffer.from(v, "base64").length === 32, {
        error: "must be exactly 32 bytes encoded in base64 (e.g. `openssl rand -base64 32`)",
      }),
    VAULT_MASTER_KEY_ID: z.string().min(1).max(40).default("k1"),
    /** The key being retired during a master-key rotation, as `<id>:<base64>`; optional. */
    VAULT_PREVIOUS_MASTER_KEYS: z.string().default(""),
    APP_URL: url("the address people open, e.g. https://ops.example.com").default("http://localhost:3000"),
    /** Base URLs per surface and environment. The sandbox defaults point at the local emulator. */
    UPSTREAM_SANDBOX_CORE_URL: url("the sandbox core API address").default("http://localhost:4010"),
    UPSTREAM_SANDBOX_PRO_URL: url("the sandbox Pro API address").default("http://localhost:4010/pro"),
    UPSTREAM_PRODUCTION_CORE_URL: url("the production core API address").default("https://api.daya.co"),
    UPSTREAM_PRODUCTION_PRO_URL: url("the production Pro API address").default("https://api.pro.daya.co"),
    /**
     * Requests per minute per API key the provider allows (the spec's 100, unless the provider has
     * agreed another). The app's shared budget keeps 5% under it for clock skew between instances.
     */
    UPSTREAM_RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ error: "must be a whole number of requests per minute, e.g. 100" })
      .int({ error: "must be a whole number of requests per minute, e.g. 100" })
      .min(20, { error: "must be at least 20 requests per minute" })
      .max(100_000, { error: "must be at most 100000 requests per minute" })
      .default(100),
    /**
     * The emulator's control API: seeds the demo organization's sandbox keys and, when the sandbox
     * core URL is the emulator's, sets a simulated deposit's amount (lib/upstream/emulator-control.ts).
     */
    EMULATOR_URL: z.string().url().optional(),
    OIDC_ISSUER: z.string().url({ error: "must be the OIDC issuer URL" }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().default("Single sign-on"),
    /** Bearer token for /api/metrics (Prometheus); without it only a signed-in admin may read metrics. */
    METRICS_TOKEN: z.string().min(32, { error: "is too short: use 32 or more random characters (e.g. `openssl rand -hex 32`)" }).optional(),
    /**
     * Development only: lets the sandbox outbound webhook reach a receiver on this machine
     * (127.0.0.0/8, ::1). Refused unless APP_URL itself is on localhost, so never in production.
     */
    ALLOW_LOOPBACK_WEBHOOKS: z
      .enum(["0", "1"], { error: "must be 1 (allow a receiver on localhost, development only) or 0" })
      .default("0")
      .transform((v) => v === "1"),
    /**
     * How many reverse proxies in front of the app add to X-Forwarded-For: the client address is the
     * right-most entry they did not add (0: none, the address Next took from the connection).
     */
    TRUSTED_PROXY_COUNT: z.coerce
      .number({ error: "must be the number of proxies in front of the app, e.g. 1 for one load balancer" })
      .int({ error: "must be a whole number of proxies, e.g. 1 for one load balancer" })
      .min(0, { error: "must be 0 or more (0: no proxy in front of the app)" })
      .max(10, { error: "must be at most 10 proxies" })
      .default(0),
    /**
     * Outgoing mail: smtp://user:pass@host:587 (STARTTLS when the server offers it) or
     * smtps://user:pass@host:465. Unset: notifications wait in the outbox until it is set.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: "must start with smtp:// or smtps://, e.g. smtp://user:password@smtp.example.com:587" })
      .optional(),
    MAIL_FROM: z.string().min(3).default("Merchant Ops <no-reply@localhost>"),
    /**
     * `on`: this process runs jobs (sweeps, backfill, mail, digests, reminders) and enqueues them;
     * `send`: it only enqueues them (`npm start`'s web workers, scripts/serve.ts); `off`: neither,
     * another instance runs them. Notifications are written to the outbox either way.
     */
    JOB_QUEUE: z.enum(["on", "send", "off"], { error: "must be on (this process runs jobs), send (it only enqueues them) or off" }).default("on"),
    /** Development only: the local mail catcher's address, read by the /dev/mail page (scripts/mail-catcher.ts). */
    MAIL_CATCHER_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((v, ctx) => {
    const oidc = [v.OIDC_ISSUER, v.OIDC_CLIENT_ID, v.OIDC_CLIENT_SECRET];
    if (oidc.some(Boolean) && !oidc.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "OIDC sign-in needs all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or none)",
      });
    }
    if (v.ALLOW_LOOPBACK_WEBHOOKS && !["localhost", "127.0.0.1", "[::1]"].includes(new URL(v.APP_URL).hostname)) {
      ctx.addIssue({
        code: "custom",
        path: ["ALLOW_LOOPBACK_WEBHOOKS"],
        message: "is for development on one machine only (APP_URL on localhost): remove it, webhooks to this machine are refused in production",
      });
    }
  });

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "environment"} ${i.message}`);
    throw new Error(`The app cannot start: fix these environment variables.\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
/** Read lazily so that `next build` can import modules without a full runtime environment. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
