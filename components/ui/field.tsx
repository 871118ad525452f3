"use client";

import * as React from "react";

import { cn } from "@/lib/utils";
import { Label } from "@/components/ui/label";
import { FieldContext, fieldIds, type FieldState } from "@/components/ui/field-context";

type FieldProps = Omit<React.ComponentProps<"div">, "children"> & {
  label: React.ReactNode;
  /** The id of the control; the label points at it and the control receives it if it has none. */
  htmlFor: string;
  description?: React.ReactNode;
  /** A field error (from zod or the server). Shown under the control, never as a toast. */
  error?: string;
  /** Marks the label; the control itself still needs `required` for native validation. */
  required?: boolean;
  children: React.ReactNode;
};

/**
 * One labelled form control with its help text and error. Controls from components/ui pick up
 * id, aria-invalid and aria-describedby from here; a custom control can call useFieldControl().
 */
function Field({ label, htmlFor, description, error, required, className, children, ...props }: FieldProps) {
  const { descriptionId, errorId } = fieldIds(htmlFor);
  const state = React.useMemo<FieldState>(
    () => ({ htmlFor, hasDescription: description != null && description !== false, error: error || undefined }),
    [htmlFor, description, error],
  );
  return (
    <FieldContext.Provider value={state}>
      <div data-slot="field" data-invalid={state.error ? "true" : undefined} className={cn("grid gap-2", className)} {...props}>
        <Label htmlFor={htmlFor} className={cn(state.error && "text-destructive")}>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          ) : null}
        </Label>
        {children}
        {state.hasDescription ? (
          <p id={descriptionId} data-slot="field-description" className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
        {state.error ? (
          <p id={errorId} data-slot="field-error" className="text-xs font-medium text-destructive">
            {state.error}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

export { Field, type FieldProps };
export { useFieldControl } from "@/components/ui/field-context";
