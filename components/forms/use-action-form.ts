"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useContext, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { StaticFormContext } from "@/components/forms/static-form-context";
import type { ActionResult } from "@/lib/server-actions/safe-action";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";

/** A money movement filed for a second approver answers with this shape (transfers, withdrawals, moves, orders). */
type PendingApproval = { outcome: "pending_approval"; summary: string };

function pendingSummary(data: unknown): string | null {
  const d = data as Partial<PendingApproval> | null;
  return d && typeof d === "object" && d.outcome === "pending_approval" && typeof d.summary === "string" ? d.summary : null;
}

/**
 * The form's zod schema, or a function importing it (`() => import("@/lib/x/schema").then((m) => m.formSchema)`).
 * Imported, the schema and zod (30-45 KiB compressed) are not shipped with the page: they are
 * fetched at the first focus, click or key in the page, before a field can be left, and the same
 * schema then checks every field in the browser as before. The server action checks again.
 */
export type SchemaSource<S> = S | (() => Promise<S>);

type AnyResolver = Resolver<FieldValues, unknown, FieldValues>;
const resolvers = new WeakMap<object, Promise<AnyResolver>>();

function resolverFor(source: object): Promise<AnyResolver> {
  let r = resolvers.get(source);
  if (!r) {
    r = Promise.resolve(typeof source === "function" ? (source as () => Promise<unknown>)() : source).then((schema) => zodResolver(schema as never) as never);
    resolvers.set(source, r);
  }
  return r;
}

function isPromise<V>(value: unknown): value is Promise<V> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * A react-hook-form form bound to a server action: the same zod schema checks the fields in the
 * browser and on the server, and the server's field errors land on the fields they name.
 *
 * What money forms add, one way for all:
 * - `attempt`: the form's id for its attempt key (`useAttemptKey`). The action gets the key with every
 *   submission; it is renewed only after a success, so a double click, a retry after a timeout or a
 *   reload is the same attempt. Only one submission is in flight at a time.
 * - `check`: bounds only the page knows (a shown balance, a chain's minimum). It sets a field error
 *   and returns null to stop, or returns the values to go on with (it may normalise them).
 * - `quote`: the provider's quote, asked before the confirmation, which shows it; the send gets it.
 * - `confirm`: a confirmation step. The checked values wait in `confirming` (with what `confirm` made
 *   of them for the dialog) until `send()`; nothing is sent before. The dialog closes on the answer.
 * - `waiting`: the summary of the last success that waits for a second approver (`PendingApprovalNote`),
 *   cleared by a success that does not wait.
 */
export function useActionForm<S extends z.ZodType<FieldValues, FieldValues>, T, R = z.output<S>>(opts: {
  schema: SchemaSource<S>;
  /** `shown`: what the confirmation showed (a quote whose terms the send must carry). */
  action: (input: z.input<S>, attemptKey: string, shown: R | undefined) => Promise<ActionResult<T>>;
  defaultValues: DefaultValues<z.input<S>>;
  onSuccess?: (data: T, values: z.output<S>) => void;
  attempt?: string;
  check?: (values: z.output<S>) => z.output<S> | null;
  confirm?: true | ((values: z.output<S>) => R);
  /** A quote asked of the provider before the confirmation, which then shows it; a refused quote is shown like a failed send. */
  quote?: (values: z.output<S>) => Promise<ActionResult<R>> | R;
  /** A failure the form shows its own way (true); the others land on their fields. */
  onFailure?: (result: { error: string; fieldErrors?: Record<string, string>; requestId?: string }, values: z.output<S>) => boolean;
  /** Which field a server field error lands on (null: none, it is said above the button); the same name by default. */
  fieldOf?: (name: string) => Path<z.input<S>> | null;
  /** Say the failure's sentence above the button even when its fields hold their errors (a provider's refusal of new terms). */
  sayFailureAbove?: boolean;
  /** When fields are checked: on leaving them (the default), or only on submit (a field typed to confirm). */
  mode?: "onTouched" | "onSubmit";
}) {
  // The latest schema source, as zodResolver(schema) on each render read it (a schema may depend on props).
  const source = useRef<object>(opts.schema);
  source.current = opts.schema;
  const lazy = typeof opts.schema === "function";
  useEffect(() => {
    if (!lazy) return;
    // Fetch the rules at the first sign of input anywhere in the page, so they are there before a field is left.
    const warm = () => void resolverFor(source.current);
    const events = ["focusin", "pointerdown", "keydown"] as const;
    for (const e of events) document.addEventListener(e, warm, { once: true, capture: true });
    return () => {
      for (const e of events) document.removeEventListener(e, warm, { capture: true });
    };
  }, [lazy]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: (async (values, context, options) => (await resolverFor(source.current))(values, context, options)) as AnyResolver as never,
    defaultValues: opts.defaultValues,
    mode: opts.mode ?? "onTouched",
  });
  // Rendered as HTML shown before the form's code is in (formOnInput): react-hook-form writes the
  // defaults into the fields only when it mounts, so here the HTML carries them (a radio's own
  // value stands; its group says which is checked).
  const inStaticHtml = useContext(StaticFormContext);
  const defaults = opts.defaultValues as Record<string, unknown>;
  const shownForm = useMemo(() => {
    if (!inStaticHtml) return form;
    const register: typeof form.register = (name, options) => {
      const value = String(name)
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], defaults);
      const field = form.register(name, options);
      return typeof value === "string" ? ({ ...field, defaultValue: value } as typeof field) : field;
    };
    return { ...form, register };
  }, [form, inStaticHtml, defaults]);
  const attempt = useAttemptKey(opts.attempt ?? null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ values: z.output<S>; shown: R } | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const inFlight = useRef(false);

  const showFailure = (result: { error: string; fieldErrors?: Record<string, string>; requestId?: string }) => {
    let placed = 0;
    for (const [name, message] of Object.entries(result.fieldErrors ?? {})) {
      const field = opts.fieldOf ? opts.fieldOf(name) : (name as Path<z.input<S>>);
      if (field === null) continue;
      form.setError(field, { type: "server", message });
      placed++;
    }
    if (!placed || result.requestId || opts.sayFailureAbove) setFormError(result.error);
  };

  const submit = (values: z.output<S>, shown?: R) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFormError(null);
    start(async () => {
      try {
        const result = await answerOrFailure(opts.action(values as z.input<S>, attempt.current(), shown));
        setConfirming(null);
        // The key is kept after any failure: an outcome the app could not learn must be retried under
        // the same key, and after a definitive refusal the ledger frees it for corrected values.
        if (!result.ok) return opts.onFailure?.(result, values) ? undefined : showFailure(result);
        attempt.renew();
        setWaiting(pendingSummary(result.data));
        opts.onSuccess?.(result.data, values);
      } finally {
        inFlight.current = false;
      }
    });
  };

  /** The step after the checks: a quote, then the confirmation; or the confirmation; or the send. Also a fresh quote for reviewed values. */
  const review = (values: z.output<S>) => {
    setFormError(null);
    const quoted = opts.quote?.(values);
    if (isPromise(quoted))
      return start(async () => {
        const result = await answerOrFailure(quoted);
        if (result.ok) setConfirming({ values, shown: result.data });
        else showFailure(result);
      });
    if (opts.quote) return setConfirming({ values, shown: quoted as R });
    if (!opts.confirm) return submit(values);
    setConfirming({ values, shown: (opts.confirm === true ? values : opts.confirm(values)) as R });
  };

  const onSubmit = form.handleSubmit((raw) => {
    setFormError(null);
    const values = opts.check ? opts.check(raw) : raw;
    if (values !== null) review(values);
  });

  /** Sends the values waiting in `confirming` (the confirmation dialog's button). */
  const send = () => {
    if (confirming) submit(confirming.values, confirming.shown);
  };
  /** Closes the confirmation without sending; not while a send is on its way. */
  const cancel = () => {
    if (!pending) setConfirming(null);
  };

  const errorOf = (name: Path<z.input<S>>): string | undefined => {
    const parts = String(name).split(".");
    let node: unknown = form.formState.errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };

  return {
    form: shownForm,
    onSubmit,
    pending: pending || form.formState.isSubmitting,
    formError,
    setFormError,
    errorOf,
    showFailure,
    /** A new attempt key now, for a form whose refusals mean the next submission is a new intent (recipients). */
    renewAttempt: attempt.renew,
    review,
    confirming,
    send,
    cancel,
    waiting,
    setWaiting,
  };
}
