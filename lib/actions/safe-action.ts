/**
 * The one way to write a server action: validate the input with the form's zod schema, check the
 * session and the permission, run the change (which writes its audit row in its own transaction
 * through `audit`), and return a typed result the form can show. Expected failures become a
 * sentence (and field errors); unexpected ones are logged and shown only as a request id.
 */
import "server-only";
import { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";
import { AuthorizationError, authorize, type CurrentUser } from "@/lib/auth/session";
import { writeAudit, type AuditEntry } from "@/lib/audit";
import type { Tx } from "@/lib/db";
import { log } from "@/lib/log";
import { requestContext, type RequestContext } from "@/lib/request-context";

export type FieldErrors = Record<string, string>;

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: FieldErrors; requestId?: string };

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

export function defineAction<S extends z.ZodType, T>(
  def: { name: string; permission: Permission; input: S },
  run: (ctx: ActionContext<z.output<S>>) => Promise<T>,
): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return async (raw) => {
    const request = await requestContext();
    try {
      const user = await authorize(def.permission);
      const parsed = def.input.safeParse(raw instanceof FormData ? formDataToObject(raw) : raw);
      if (!parsed.success) {
        return { ok: false, error: "Some fields need attention.", fieldErrors: zodFieldErrors(parsed.error) };
      }
      const actor = { id: user.id, email: user.email, organizationId: user.organizationId };
      const data = await run({
        input: parsed.data,
        user,
        request,
        audit: (tx, entry) => writeAudit(tx, actor, request, entry),
      });
      return { ok: true, data };
    } catch (err) {
      if (err instanceof AuthorizationError) return { ok: false, error: err.message };
      if (err instanceof ActionError) return { ok: false, error: err.message, fieldErrors: err.fieldErrors };
      log.error({ err, action: def.name, requestId: request.requestId }, "action failed");
      return {
        ok: false,
        error: `Something went wrong on our side. Reference ${request.requestId}.`,
        requestId: request.requestId,
      };
    }
  };
}
