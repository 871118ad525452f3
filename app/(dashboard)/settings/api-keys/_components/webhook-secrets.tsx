"use client";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setWebhookSecret } from "@/lib/vault/set-webhook-secret";
import { DateTime, useTimeZone } from "@/components/ui/date-time";
import { formatDateTime } from "@/lib/format";
import { ENVIRONMENT_LABELS, SURFACE_LABELS, type Environment, type WebhookSurface } from "@/lib/vault/values";
import { RevokeButton } from "./revoke-button";
import type { WebhookSlotView } from "@/lib/vault/view-types";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadSetWebhookSecretSchema = () => import("@/lib/vault/schemas").then((m) => m.setWebhookSecretSchema);

export function WebhookSecrets({ environment, slots }: { environment: Environment; slots: WebhookSlotView[] }) {
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {slots.map((slot) => (
        <WebhookSecretCard key={slot.surface} environment={environment} slot={slot} />
      ))}
    </div>
  );
}

function WebhookSecretCard({ environment, slot }: { environment: Environment; slot: WebhookSlotView }) {
  const label = `${ENVIRONMENT_LABELS[environment]} ${SURFACE_LABELS[slot.surface]}`;
  const { active } = slot;
  return (
    <div className="grid gap-3 rounded-lg border p-4" data-testid={`webhook-secret-${environment}-${slot.surface}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-medium">{SURFACE_LABELS[slot.surface]} webhooks</h3>
          {active ? (
            <p className="text-sm">
              <code data-testid="secret-mask">{active.masked}</code>{" "}
              <span className="text-xs text-muted-foreground">
                added {active.createdByName ? `by ${active.createdByName}, ` : "automatically, "}
                <DateTime value={active.createdAt} />
              </span>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">No secret set: webhooks from the provider for this surface are refused.</p>
          )}
        </div>
        {active ? <Badge variant="success">Active</Badge> : <Badge variant="outline">Not set</Badge>}
      </div>
      {slot.inWindow.length > 0 ? (
        <ul className="grid gap-2" aria-label={`${label} secrets in their rotation window`}>
          {slot.inWindow.map((old) => (
            <li
              key={old.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
              data-testid="secret-in-window"
            >
              <span>
                <code>{old.masked}</code> <Badge variant="warning">Rotating</Badge>{" "}
                <span className="text-xs text-muted-foreground">
                  still accepted until <DateTime value={old.acceptUntil} />
                </span>
              </span>
              <RevokeButton
                kind="webhook_secret"
                id={old.id}
                buttonLabel="Stop accepting"
                accessibleLabel={`Stop accepting the old ${label} secret ${old.masked}`}
                title={`Stop accepting ${old.masked} now?`}
                description="Webhooks signed with this old secret are refused from now on, even inside the 24-hour window. Do this if the old secret leaked."
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SecretDialog environment={environment} surface={slot.surface} label={label} rotating={active !== null} />
        {active ? (
          <RevokeButton
            kind="webhook_secret"
            id={active.id}
            buttonLabel="Revoke"
            accessibleLabel={`Revoke the ${label} webhook secret`}
            title={`Revoke the ${label} webhook secret ${active.masked}?`}
            description="Every webhook the provider sends for this surface is refused until you set a new secret. The provider retries refused deliveries for a while, so set the new one soon."
          />
        ) : null}
      </div>
    </div>
  );
}

function SecretDialog({ environment, surface, label, rotating }: { environment: Environment; surface: WebhookSurface; label: string; rotating: boolean }) {
  const [open, setOpen] = useState(false);
  const zone = useTimeZone();
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadSetWebhookSecretSchema,
    action: setWebhookSecret,
    defaultValues: { environment, surface, secret: "" },
    onSuccess: (data) => {
      form.reset();
      toast.success(
        data.previousAcceptedUntil
          ? `Secret rotated to ${data.masked}. The old one is accepted until ${formatDateTime(data.previousAcceptedUntil, zone)}.`
          : `Webhook secret ${data.masked} saved.`,
      );
      setOpen(false);
    },
  });
  const id = `webhook-secret-${environment}-${surface}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={rotating ? `Rotate the ${label} webhook secret` : `Set secret for the ${label} webhooks`}>
          {rotating ? "Rotate" : "Set secret"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{rotating ? `Rotate the ${label} webhook secret` : `Set the ${label} webhook secret`}</DialogTitle>
          <DialogDescription>
            Paste the signing secret the provider shows for this surface.
            {rotating ? " The current secret stays accepted for 24 hours, so deliveries signed before the switch still verify." : ""}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <Field label="Webhook secret" htmlFor={id} error={errorOf("secret")} required>
            <Input id={id} type="password" autoComplete="off" spellCheck={false} data-1p-ignore data-lpignore="true" {...form.register("secret")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : rotating ? "Rotate" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
