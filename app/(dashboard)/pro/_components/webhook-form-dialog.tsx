"use client";
import { Controller } from "react-hook-form";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { createProWebhook } from "@/lib/pro/create-webhook";
import { updateProWebhook } from "@/lib/pro/update-webhook";
import type { WebhookFormValues, WebhookSecretResult } from "@/lib/pro/webhook-schema";
import { EVENT_HELP, PRO_EVENTS } from "@/lib/pro/webhook-values";
import type { ActionResult } from "@/lib/server-actions/safe-action";
import type { ProWebhook } from "@/lib/upstream/schemas/pro";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadWebhookFormSchema = () => import("@/lib/pro/webhook-schema").then((m) => m.webhookFormSchema);

export type WebhookDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onDone: (secret: WebhookSecretResult | null) => void } & (
  | { mode: "create"; webhook?: undefined }
  | { mode: "edit"; webhook: ProWebhook }
);

/** Create a Pro webhook, or edit its URL (HTTPS only), events and description. */
export function WebhookFormDialog({ open, onOpenChange, onDone, mode, webhook }: WebhookDialogProps) {
  const known = (PRO_EVENTS as readonly string[]).filter((e) => webhook?.events.includes(e as never)) as WebhookFormValues["events"];
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadWebhookFormSchema,
    action: (values, attemptKey): Promise<ActionResult<WebhookSecretResult | { id: string }>> => {
      const input = { url: values.url, events: values.events, description: values.description ?? "", attemptKey };
      return mode === "create" ? createProWebhook(input) : updateProWebhook({ ...input, id: webhook.id });
    },
    defaultValues: { url: webhook?.url ?? "", events: webhook ? known : [...PRO_EVENTS], description: webhook?.description ?? "" },
    attempt: mode === "create" ? "pro-webhook-create" : `pro-webhook-edit-${webhook.id}`,
    fieldOf: (name) => (name === "url" || name === "events" || name === "description" ? name : null),
    onSuccess: (data) => {
      if (mode === "create") form.reset();
      onDone("secret" in data ? data : null);
    },
  });
  const idBase = mode === "create" ? "new-webhook" : `webhook-${webhook.id.slice(0, 8)}`;
  return (
    <Dialog open={open} onOpenChange={(o) => (!pending ? onOpenChange(o) : undefined)}>
      <DialogContent data-testid="pro-webhook-dialog">
        <DialogHeader>
          <DialogTitle>{mode === "create" ? "New Pro webhook" : "Edit Pro webhook"}</DialogTitle>
          <DialogDescription>
            {mode === "create"
              ? "The provider signs every delivery with a secret it shows once. The app stores it in the vault for its own intake and shows it to you once, to configure your receiver."
              : "Only the URL, events and description change; the secret stays."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={mode === "create" ? "New Pro webhook" : "Edit Pro webhook"}>
          <Field label="URL" htmlFor={`${idBase}-url`} error={errorOf("url")} description="HTTPS only." required>
            <Input id={`${idBase}-url`} type="url" autoComplete="off" placeholder="https://ops.example.com/hooks/pro" {...form.register("url")} />
          </Field>
          <fieldset className="grid gap-2" aria-describedby={form.formState.errors.events ? `${idBase}-events-error` : undefined}>
            <legend className="text-sm font-medium">Events</legend>
            <Controller
              control={form.control}
              name="events"
              render={({ field }) => (
                <div className="grid gap-1.5 sm:grid-cols-2">
                  {PRO_EVENTS.map((e) => {
                    const id = `${idBase}-event-${e.replace(/\./g, "-")}`;
                    const value = field.value ?? [];
                    return (
                      <div key={e} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={value.includes(e)}
                          onCheckedChange={(c) => field.onChange(c === true ? [...value, e] : value.filter((v) => v !== e))}
                          onBlur={field.onBlur}
                        />
                        <Label htmlFor={id} weight="normal">
                          <span className="font-mono text-xs">{e}</span> <span className="text-muted-foreground">({EVENT_HELP[e]})</span>
                        </Label>
                      </div>
                    );
                  })}
                </div>
              )}
            />
            {form.formState.errors.events ? (
              <p id={`${idBase}-events-error`} className="text-xs font-medium text-destructive">
                {form.formState.errors.events.message}
              </p>
            ) : null}
          </fieldset>
          <Field label="Description" htmlFor={`${idBase}-description`} error={errorOf("description")}>
            <Input id={`${idBase}-description`} autoComplete="off" {...form.register("description")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="submit" disabled={pending} data-testid="pro-webhook-save">
              {pending ? "Saving…" : mode === "create" ? "Create webhook" : "Save changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
