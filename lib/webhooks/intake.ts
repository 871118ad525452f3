import "server-only";
/**
 * The webhook intake, shared by the route of every environment and surface:
 * size limit (413) -> signature against the vault's secrets (401, a rejection row, no payload) ->
 * JSON (400) -> one durable insert -> 200. If the event cannot be stored the answer is 503, so the
 * provider retries and nothing is lost; a retried delivery lands on the same dedupe key.
 * Refusals are limited per source address (429 past the limit, see rejections.ts); a source over
 * it is verified against the secrets in memory only, so a flood costs no database read.
 */
import { log } from "@/lib/log";
import { DEPOSIT_END_EVENTS, onDepositEnded } from "@/lib/review/credit";
import { contextFromHeaders } from "@/lib/request-context";
import { normalizeEvent, storableHeaders } from "./normalize";
import { RefusalRecorder, type RefusalOutcome, type RejectionToStore } from "./rejections";
import { errorSummary, storeEvent, type StoreEvent, type WebhookEnvironment } from "./store";
import { TenantResolver } from "./tenants";
import { parseSignature, SIGNATURE_HEADER, type WebhookSurface } from "./verify";

export const MAX_BODY_BYTES = 256 * 1024;

// Strict: a body that is not valid UTF-8 is refused as malformed rather than stored with U+FFFD.
const utf8 = new TextDecoder("utf-8", { fatal: true });

const ENVIRONMENTS: readonly string[] = ["sandbox", "production"];
const SURFACES: readonly string[] = ["core", "pro"];

export interface IntakeDeps {
  store: StoreEvent;
  tenants: TenantResolver;
  reject: (r: RejectionToStore) => Promise<RefusalOutcome | void>;
  /** True when this source is already over its refusal limit. */
  throttled: (ip: string | null) => boolean;
  /** Runs after a deposit's end event is stored (held review credits, lib/review/credit.ts). Never throws. */
  depositEnded: (organizationId: string, environment: WebhookEnvironment, depositId: string) => Promise<void>;
}

let sharedTenants: TenantResolver | undefined;
let sharedRefusals: RefusalRecorder | undefined;
function defaultDeps(): IntakeDeps {
  sharedTenants ??= new TenantResolver();
  const refusals = (sharedRefusals ??= new RefusalRecorder());
  return {
    store: storeEvent,
    tenants: sharedTenants,
    reject: (r) => refusals.record(r),
    throttled: (ip) => refusals.blocked(ip),
    depositEnded: onDepositEnded,
  };
}

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

class TooLarge extends Error {
  constructor(readonly bytes: number) {
    super("body too large");
  }
}

/** Reads the body, stopping as soon as it passes the limit (a lying or absent Content-Length). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge(size);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

type Params = { environment: string; surface: string };

export function createWebhookRoute(overrides: Partial<IntakeDeps> = {}) {
  return async function POST(request: Request, context: { params: Promise<Params> }): Promise<Response> {
    const deps = { ...defaultDeps(), ...overrides };
    const { environment: envParam, surface: surfaceParam } = await context.params;
    // Only the two environments and the two surfaces that send webhooks have an endpoint.
    if (!ENVIRONMENTS.includes(envParam) || !SURFACES.includes(surfaceParam)) {
      return json(404, { error: "No webhook endpoint here. Use /api/webhooks/<sandbox|production>/<core|pro>." });
    }
    const environment = envParam as WebhookEnvironment;
    const surface = surfaceParam as WebhookSurface;
    const { ip, userAgent } = contextFromHeaders(request.headers);
    const reject = async (status: number, reason: string, bodyBytes: number, message: string, organizationId: string | null = null) => {
      const outcome = await deps.reject({ organizationId, environment, surface, reason, sourceIp: ip, bodyBytes, userAgent });
      if (outcome?.throttled) {
        return json(429, { error: "Too many refused deliveries from this address; try again later." }, { "Retry-After": String(outcome.retryAfter) });
      }
      return json(status, { error: message });
    };

    const declared = Number(request.headers.get("content-length") ?? "");
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
      // Clamped: the size column is a 32-bit integer and the header is the sender's claim.
      return reject(413, "body too large", Math.min(declared, 2_147_483_647), `The body is larger than ${MAX_BODY_BYTES} bytes.`);
    }
    let body: Uint8Array;
    try {
      body = await readLimited(request, MAX_BODY_BYTES);
    } catch (err) {
      if (err instanceof TooLarge) return reject(413, "body too large", err.bytes, `The body is larger than ${MAX_BODY_BYTES} bytes.`);
      return reject(400, "unreadable body", 0, "The request body could not be read.");
    }

    const sig = parseSignature(surface, request.headers.get(SIGNATURE_HEADER[surface]));
    if (!sig.ok) return reject(401, sig.reason, body.byteLength, "Invalid signature.");
    let tenant;
    try {
      tenant = await deps.tenants.resolve(environment, surface, body, sig.digest, { recheck: !deps.throttled(ip) });
    } catch (err) {
      // The secrets could not be read (database down): the provider must retry, not give up.
      log.error({ err: errorSummary(err), environment, surface }, "webhook secrets could not be read");
      return json(503, { error: "Temporarily unable to verify; retry later." });
    }
    if (!tenant) return reject(401, "signature mismatch", body.byteLength, "Invalid signature.");

    let text: string;
    let parsed: unknown;
    try {
      text = utf8.decode(body);
      parsed = JSON.parse(text);
    } catch {
      // Signed with this organization's secret: the refusal is theirs to see.
      return reject(400, "malformed JSON", body.byteLength, "The body is not valid JSON.", tenant.organizationId);
    }
    // Every event is a JSON object; `null` or a bare value would fail at the insert and answer 503,
    // which the provider retries forever.
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return reject(400, "not a JSON object", body.byteLength, "The body is not a JSON object.");
    }

    const event = normalizeEvent(surface, parsed, request.headers);
    let stored;
    try {
      stored = await deps.store({
        ...event,
        organizationId: tenant.organizationId,
        environment,
        surface,
        payload: parsed,
        payloadJson: text,
        headers: storableHeaders(request.headers),
        signature: tenant.signature,
        bodyBytes: body.byteLength,
      });
    } catch (err) {
      log.error(
        { err: errorSummary(err), environment, surface, event: event.name, organizationId: tenant.organizationId },
        "webhook event could not be stored",
      );
      return json(503, { error: "The event could not be stored; retry later." });
    }
    // A deposit that ended releases (or calls off) credits held for it. The event is committed
    // first, so a failure here loses nothing: the outbound worker's sweep settles it. A repeated
    // delivery runs it again and finds nothing left to move.
    if (surface === "core" && event.resourceType === "deposit" && event.resourceId && DEPOSIT_END_EVENTS.includes(event.name)) {
      await deps.depositEnded(tenant.organizationId, environment, event.resourceId);
    }
    return json(200, { received: true, id: stored.id, duplicate: !stored.inserted });
  };
}
