"use client";
import { type ReactNode, useState } from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setWebhookSecret } from "@/lib/vault/set-webhook-secret";
import { useTimeZone } from "@/components/ui/date-time";
import { formatDateTime } from "@/lib/format";
import type { Environment, WebhookSurface } from "@/lib/vault/values";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadSetWebhookSecretSchema = () => import("@/lib/vault/schemas").then((m) => m.setWebhookSecretSchema);

export type SecretDialogProps = { environment: Environment; surface: WebhookSurface; label: string; rotating: boolean };

/** Set or rotate a surface's webhook secret; mounted open by its button's first press (SecretButton in webhook-secrets.tsx). */
export function SecretDialog({ environment, surface, label, rotating, trigger }: SecretDialogProps & { trigger: ReactNode }) {
  const [open, setOpen] = useState(true);
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
      <DialogTrigger asChild>{trigger}</DialogTrigger>
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
