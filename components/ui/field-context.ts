import * as React from "react";

/**
 * What a <Field> tells the control inside it. Kept apart from field.tsx so that Input, Textarea,
 * SelectTrigger, Checkbox and Switch can read it without importing the Field component.
 */
export type FieldState = {
  htmlFor: string;
  hasDescription: boolean;
  error?: string;
};

export type FieldControlProps = {
  id?: string;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
  "aria-describedby"?: string;
};

export const FieldContext = React.createContext<FieldState | null>(null);

/** Stable ids derived from the control's id, so a server-rendered form hydrates identically. */
export function fieldIds(htmlFor: string): { descriptionId: string; errorId: string } {
  return { descriptionId: `${htmlFor}-description`, errorId: `${htmlFor}-error` };
}

/**
 * Props a control needs to be announced with its field: its id (unless it set one), the ids of
 * the description and error appended to any aria-describedby it already had, and aria-invalid
 * while there is an error.
 */
export function fieldControlProps(field: FieldState, own: FieldControlProps = {}): FieldControlProps {
  const { descriptionId, errorId } = fieldIds(field.htmlFor);
  const describedBy = [own["aria-describedby"], field.hasDescription ? descriptionId : undefined, field.error ? errorId : undefined]
    .filter((part): part is string => Boolean(part))
    .join(" ");
  return {
    id: own.id ?? field.htmlFor,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": field.error ? true : own["aria-invalid"],
  };
}

/** Inside a <Field>, the props above; outside one, nothing (the control's own props stand). */
export function useFieldControl(own: FieldControlProps): FieldControlProps {
  const field = React.useContext(FieldContext);
  return field ? fieldControlProps(field, own) : {};
}
