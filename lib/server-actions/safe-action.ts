/**
 * The one way to write a server action: validate the input with the form's zod schema, check the
 * session and the permission, run the change (which writes its audit row in its own transaction
 * through `audit`), and return a typed result the form can show. Expected failures become a
 * sentence (and field errors); unexpected ones are logged and shown only as a request id.
 *
 * Upstream writes: an input with an `attemptKey` (see lib/upstream/attempt.ts) gives the action
 * `ctx.attempt`, which the typed upstream clients store in the idempotency ledger; `ctx.upstream`
 * is bound to the user's organization and environment. An `UpstreamError` thrown by the run
 * becomes its sentence with the provider's field errors on the form's fields.
 */
import "server-only";
import type { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";
import { AuthorizationError, authorize, type CurrentUser } from "@/lib/auth/session";
import { writeAudit, type AuditEntry } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { log } from "@/lib/log";
import { observeRequest, type RequestOutcome } from "@/lib/metrics";
import { requestContext, withRequestId, type RequestContext } from "@/lib/request-context";
import { upstreamFor, type Upstream } from "@/lib/upstream";
import { UpstreamError } from "@/lib/upstream/errors";
import { LedgerError } from "@/lib/upstream/ledger";
import type { WriteAttempt } from "@/lib/upstream/types";

export type FieldErrors = Record<string, string>;

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: FieldErrors; requestId?: string };

/** Throw from an action for a failure the user can act on. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

export interface ActionContext<I> {
  input: I;
  user: CurrentUser;
  request: RequestContext;
  audit: (tx: Tx, entry: AuditEntry) => Promise<void>;
  /** The form's write attempt, when its input carries an `attemptKey`. */
  attempt: WriteAttempt | null;
  /** The typed upstream clients for the user's organization and current environment. */
  upstream: Upstream;
}

export interface ActionDef<S extends z.ZodType> {
  name: string;
  permission: Permission;
  input: S;
  /** Provider field path -> the form's field name, where they differ (e.g. `amount_usd` -> `amount`). */
  upstreamFields?: Record<string, string>;
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

function formDataToObject(fd: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of fd.entries()) {
    if (k.startsWith("$ACTION")) continue; // Next's own fields
    out[k] = typeof v === "string" ? v : v.name;
  }
  return out;
}

/** Top-level field names of an object schema, so provider errors land only on fields the form has. */
function formFields(schema: z.ZodType): Set<string> | null {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === "object" ? new Set(Object.keys(shape)) : null;
}

/**
 * The provider's field errors under the form's names. A field the form does not have is named in
 * the sentence instead, so no error is silently lost.
 */
export function upstreamFieldErrors(err: UpstreamError, schema: z.ZodType, rename: Record<string, string> = {}): { error: string; fieldErrors?: FieldErrors } {
  const known = formFields(schema);
  const fieldErrors: FieldErrors = {};
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const name = rename[path] ?? path;
    if (known === null || known.has(name.split(".")[0]!)) fieldErrors[name] ??= message;
    // A documented code's own sentence placed on a field this form lacks is already the main sentence.
    else if (message !== err.userMessage) elsewhere.push(`${name} ${message}`);
  }
  const error = elsewhere.length > 0 ? `${err.userMessage} The provider also said: ${elsewhere.join("; ")}.` : err.userMessage;
  return Object.keys(fieldErrors).length > 0 ? { error, fieldErrors } : { error };
}

/**
 * What each defined action checks, keyed by the action function itself, so the authorization
 * matrix test can compare every exported action with the permission table without a list of its own.
 */
const ACTIONS = new WeakMap<object, ActionDef<z.ZodType>>();

/** The definition behind an action made by `defineAction`, or undefined for any other function. */
export function actionDefinition(fn: unknown): ActionDef<z.ZodType> | undefined {
  return typeof fn === "function" ? ACTIONS.get(fn) : undefined;
}

export function defineAction<S extends z.ZodType, T>(
  def: ActionDef<S>,
  run: (ctx: ActionContext<z.output<S>>) => Promise<T>,
): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  const execute = async (raw: z.input<S> | FormData, request: RequestContext): Promise<[ActionResult<T>, RequestOutcome]> => {
    try {
      const user = await authorize(def.permission);
      const parsed = def.input.safeParse(raw instanceof FormData ? formDataToObject(raw) : raw);
      if (!parsed.success) {
        return [{ ok: false, error: "Some fields need attention.", fieldErrors: zodFieldErrors(parsed.error) }, "invalid"];
      }
      const actor = { id: user.id, email: user.email, organizationId: user.organizationId };
      const attemptKey = (parsed.data as { attemptKey?: unknown } | null)?.attemptKey;
      let upstream: Upstream | undefined;
      const data = await run({
        input: parsed.data,
        user,
        request,
        audit: (tx, entry) => writeAudit(tx, actor, request, entry),
        attempt: typeof attemptKey === "string" ? { attemptKey, userId: user.id } : null,
        // Made on first use, so actions that never call upstream never build a client.
        get upstream() {
          upstream ??= upstreamFor({ organizationId: user.organizationId, environment: user.environment });
          return upstream;
        },
      });
      return [{ ok: true, data }, "ok"];
    } catch (err) {
      if (err instanceof AuthorizationError) return [{ ok: false, error: err.message }, err.status === 401 ? "unauthenticated" : "forbidden"];
      if (err instanceof ActionError) return [{ ok: false, error: err.message, fieldErrors: err.fieldErrors }, "invalid"];
      if (err instanceof UpstreamError) {
        log.warn({ ...err.toLog(), action: def.name, requestId: request.requestId }, "action: upstream refused");
        return [{ ok: false, ...upstreamFieldErrors(err, def.input, def.upstreamFields) }, "upstream_error"];
      }
      if (err instanceof LedgerError) return [{ ok: false, error: err.message }, "invalid"];
      log.error({ err, action: def.name, requestId: request.requestId }, "action failed");
      return [
        {
          ok: false,
          error: `Something went wrong on our side. Reference ${request.requestId}.`,
          requestId: request.requestId,
        },
        "error",
      ];
    }
  };
  const action = async (raw: z.input<S> | FormData): Promise<ActionResult<T>> => {
    const request = await requestContext();
    const started = performance.now();
    // Everything the action logs or sends upstream carries the browser request's id.
    const [result, outcome] = await withRequestId(request.requestId, () => execute(raw, request));
    observeRequest("action", def.name, outcome, null, (performance.now() - started) / 1000);
    return result;
  };
  ACTIONS.set(action, def);
  return action;
}
