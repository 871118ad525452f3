"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { createProWebhook } from "@/lib/pro/create-webhook";
import { updateProWebhook } from "@/lib/pro/update-webhook";
import { EVENT_HELP, PRO_EVENTS, webhookFormSchema, type WebhookFormValues, type WebhookSecretResult } from "@/lib/pro/webhook-schema";
import type { ProWebhook } from "@/lib/upstream/schemas/pro";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onDone: (secret: WebhookSecretResult | null) => void } & (
  | { mode: "create"; webhook?: undefined }
  | { mode: "edit"; webhook: ProWebhook }
);

/** Create a Pro webhook, or edit its URL (HTTPS only), events and description. */
export function WebhookDialog({ open, onOpenChange, onDone, mode, webhook }: Props) {
  const attempt = useAttemptKey(mode === "create" ? "pro-webhook-create" : `pro-webhook-edit-${webhook.id}`);
  const [pending, start] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const known = (PRO_EVENTS as readonly string[]).filter((e) => webhook?.events.includes(e as never)) as WebhookFormValues["events"];
  const form = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookFormSchema) as never,
    defaultValues: { url: webhook?.url ?? "", events: webhook ? known : [...PRO_EVENTS], description: webhook?.description ?? "" },
    mode: "onTouched",
  });
  const submit = form.handleSubmit((values) =>
    start(async () => {
      setFormError(null);
      const input = { url: values.url, events: values.events, description: values.description ?? "", attemptKey: attempt.current() };
      const r = mode === "create" ? await answerOrFailure(createProWebhook(input)) : await answerOrFailure(updateProWebhook({ ...input, id: webhook.id }));
      if (r.ok) {
        attempt.renew();
        if (mode === "create") form.reset();
        onDone("secret" in r.data ? r.data : null);
        return;
      }
      const fields = Object.entries(r.fieldErrors ?? {}).filter(([n]) => n === "url" || n === "events" || n === "description");
      for (const [name, message] of fields) form.setError(name as "url", { type: "server", message });
      if (fields.length === 0 || r.requestId) setFormError(r.error);
    }),
  );
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
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={mode === "create" ? "New Pro webhook" : "Edit Pro webhook"}>
          <Field label="URL" htmlFor={`${idBase}-url`} error={form.formState.errors.url?.message} description="HTTPS only." required>
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
                        <Label htmlFor={id} className="font-normal">
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
          <Field label="Description" htmlFor={`${idBase}-description`} error={form.formState.errors.description?.message}>
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
