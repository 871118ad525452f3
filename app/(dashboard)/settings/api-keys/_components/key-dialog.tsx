"use client";
import { type ReactNode, useState } from "react";
import { Controller, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { addApiKey } from "@/lib/vault/add-api-key";
import { replaceApiKey } from "@/lib/vault/replace-api-key";
import { acceptedPrefixes } from "@/lib/vault/key-rules";
import { SCOPES, type Environment, type Scope, type Surface } from "@/lib/vault/values";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadAddApiKeySchema = () => import("@/lib/vault/schemas").then((m) => m.addApiKeySchema);
const loadReplaceApiKeySchema = () => import("@/lib/vault/schemas").then((m) => m.replaceApiKeySchema);

export type KeyDialogProps = { environment: Environment; surface: Surface; label: string } & (
  | { mode: "add"; keyId?: undefined; currentScopes?: undefined }
  | { mode: "replace"; keyId: string; currentScopes: string[] }
);

const SCOPE_HELP: Record<Scope, string> = {
  Read: "see balances, accounts, orders",
  Write: "recipients, transfers, withdrawals, webhooks",
  Trade: "place and cancel orders",
};

/** Add a key to an empty slot, or replace the key in use (the old one is revoked with the same save). */
export function KeyDialog({ trigger, ...props }: KeyDialogProps & { trigger: ReactNode }) {
  // Mounted by its button's first press (DialogOnDemand): open at once.
  const [open, setOpen] = useState(true);
  const title = props.mode === "add" ? `Add the ${props.label} key` : `Replace the ${props.label} key`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            It starts with {acceptedPrefixes(props.environment, props.surface).join(" or ")}. The app checks it with the provider, then it waits, encrypted, for
            a second person&apos;s approval in Approvals{props.mode === "replace" ? "; once approved the old key stops being used at once" : ""}. It is never
            shown again, to anyone.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          props.mode === "add" ? (
            <AddKeyForm {...props} onDone={() => setOpen(false)} />
          ) : (
            <ReplaceKeyForm {...props} onDone={() => setOpen(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A new or replaced key waits for a second person (or the announced delay): say so, with the mask the requester typed. */
function announce(result: { masked: string; warning: string | null; summary: string; message: string }) {
  toast.info(`${result.summary}: ${result.message}`, { duration: 10_000 });
  if (result.warning) toast.warning(result.warning, { duration: 15_000 });
}

export function AddKeyForm({ environment, surface, onDone }: KeyDialogProps & { onDone: () => void }) {
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadAddApiKeySchema,
    action: addApiKey,
    defaultValues: { environment, surface, scopes: [...SCOPES], key: "" },
    onSuccess: (data) => {
      form.reset(); // the key leaves the browser's memory with the form
      announce(data);
      onDone();
    },
  });
  const idBase = `add-key-${environment}-${surface}`;
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <ScopeFields control={form.control} name="scopes" idBase={idBase} error={errorOf("scopes")} />
      <KeyField idBase={idBase} error={errorOf("key")} register={form.register("key")} />
      <FormError message={formError} />
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? "Checking with the provider…" : "Check and save"}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function ReplaceKeyForm({ environment, surface, keyId, currentScopes, onDone }: KeyDialogProps & { onDone: () => void }) {
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadReplaceApiKeySchema,
    action: replaceApiKey,
    defaultValues: { id: keyId!, scopes: (currentScopes ?? []).filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)), key: "" },
    onSuccess: (data) => {
      form.reset();
      announce(data);
      onDone();
    },
  });
  const idBase = `replace-key-${environment}-${surface}`;
  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <ScopeFields control={form.control} name="scopes" idBase={idBase} error={errorOf("scopes")} />
      <KeyField idBase={idBase} error={errorOf("key")} register={form.register("key")} label="New API key" />
      <FormError message={formError} />
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? "Checking with the provider…" : "Check and replace"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function KeyField({ idBase, error, register, label = "API key" }: { idBase: string; error?: string; register: UseFormRegisterReturn; label?: string }) {
  return (
    <Field label={label} htmlFor={`${idBase}-key`} error={error} required description="Paste it exactly as the provider's dashboard shows it.">
      {/* A password field: the key is not echoed on screen, and browsers do not keep it in form history. */}
      <Input id={`${idBase}-key`} type="password" autoComplete="off" spellCheck={false} data-1p-ignore data-lpignore="true" {...register} />
    </Field>
  );
}

function ScopeFields<T extends FieldValues>({ control, name, idBase, error }: { control: Control<T>; name: Path<T>; idBase: string; error?: string }) {
  const errorId = `${idBase}-scopes-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Scopes the key was issued with</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const value = (field.value ?? []) as string[];
          return (
            <div className="grid gap-2">
              {SCOPES.map((scope) => {
                const id = `${idBase}-scope-${scope}`;
                return (
                  <div key={scope} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={value.includes(scope)}
                      aria-invalid={error ? true : undefined}
                      onCheckedChange={(checked) => field.onChange(checked === true ? [...value, scope] : value.filter((s) => s !== scope))}
                      onBlur={field.onBlur}
                    />
                    <Label htmlFor={id} weight="normal">
                      {scope} <span className="text-muted-foreground">({SCOPE_HELP[scope]})</span>
                    </Label>
                  </div>
                );
              })}
            </div>
          );
        }}
      />
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
