"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import type { z } from "zod";
import type { ActionResult } from "@/lib/server-actions/safe-action";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/**
 * A react-hook-form form bound to a server action: the same zod schema checks the fields in the
 * browser and on the server, and the server's field errors land on the fields they name.
 */
export function useActionForm<S extends z.ZodType<FieldValues, FieldValues>, T>(opts: {
  schema: S;
  action: (input: z.input<S>) => Promise<ActionResult<T>>;
  defaultValues: DefaultValues<z.input<S>>;
  onSuccess?: (data: T) => void;
}) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(opts.schema as never),
    defaultValues: opts.defaultValues,
    mode: "onTouched",
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    start(async () => {
      const result = await answerOrFailure(opts.action(values as z.input<S>));
      if (result.ok) {
        opts.onSuccess?.(result.data);
        return;
      }
      const fields = Object.entries(result.fieldErrors ?? {});
      for (const [name, message] of fields) form.setError(name as Path<z.input<S>>, { type: "server", message });
      if (!fields.length || result.requestId) setFormError(result.error);
    });
  });

  const errorOf = (name: Path<z.input<S>>): string | undefined => {
    const parts = String(name).split(".");
    let node: unknown = form.formState.errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };

  return { form, onSubmit, pending: pending || form.formState.isSubmitting, formError, setFormError, errorOf };
}
