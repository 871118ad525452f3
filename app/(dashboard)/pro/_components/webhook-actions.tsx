"use client";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { deleteProWebhook } from "@/lib/pro/delete-webhook";
import { pauseProWebhook } from "@/lib/pro/pause-webhook";
import { resumeProWebhook } from "@/lib/pro/resume-webhook";
import { rotateProWebhookSecret } from "@/lib/pro/rotate-webhook-secret";
import type { WebhookSecretResult } from "@/lib/pro/webhook-schema";
import type { ProWebhook } from "@/lib/upstream/schemas/pro";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { ConfirmButton } from "./confirm-button";
import { WebhookDialog } from "./webhook-dialog";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** Edit, pause or resume, rotate the secret, delete: everything an admin does to one webhook. */
export function WebhookActions({ webhook, onChanged, onSecret }: { webhook: ProWebhook; onChanged: () => void; onSecret: (r: WebhookSecretResult) => void }) {
  const [editing, setEditing] = useState(false);
  const statusAttempt = useAttemptKey(`pro-webhook-status-${webhook.id}`);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const host = hostOf(webhook.url);
  const resume = webhook.status !== "active";
  const toggle = () =>
    start(async () => {
      setError(null);
      const input = { id: webhook.id, attemptKey: statusAttempt.current() };
      const r = resume ? await answerOrFailure(resumeProWebhook(input)) : await answerOrFailure(pauseProWebhook(input));
      if (!r.ok) {
        setError(r.error);
        return;
      }
      statusAttempt.renew();
      toast.success(resume ? `Deliveries to ${host} resumed.` : `Deliveries to ${host} paused.`);
      onChanged();
    });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit the webhook to ${host}`}>
          Edit
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={toggle}
          disabled={pending}
          aria-label={`${resume ? "Resume" : "Pause"} the webhook to ${host}`}
          data-testid="pro-webhook-toggle"
        >
          {pending ? "Saving…" : resume ? "Resume" : "Pause"}
        </Button>
        <ConfirmButton
          label="Rotate secret"
          title={`Rotate the signing secret of ${host}?`}
          body="The provider signs deliveries with a new secret from now on. Update your receiver with the secret shown next; the app's own intake accepts the old one for 24 hours."
          confirm="Rotate secret"
          run={(attemptKey) => rotateProWebhookSecret({ id: webhook.id, attemptKey })}
          onDone={(r) => {
            onSecret(r);
            onChanged();
          }}
          formId={`pro-webhook-rotate-${webhook.id}`}
          testId={`pro-webhook-rotate-${webhook.id}`}
        />
        <ConfirmButton
          label="Delete"
          title={`Delete the webhook to ${host}?`}
          body="The provider stops delivering to this address at once. This cannot be undone; you can create a new webhook later."
          confirm="Delete webhook"
          destructive
          run={(attemptKey) => deleteProWebhook({ id: webhook.id, attemptKey })}
          onDone={() => {
            toast.success(`Webhook to ${host} deleted.`);
            onChanged();
          }}
          formId={`pro-webhook-delete-${webhook.id}`}
          testId={`pro-webhook-delete-${webhook.id}`}
        />
      </div>
      <FormError message={error} />
      <WebhookDialog
        mode="edit"
        webhook={webhook}
        open={editing}
        onOpenChange={setEditing}
        onDone={() => {
          setEditing(false);
          toast.success(`Webhook to ${host} saved.`);
          onChanged();
        }}
      />
    </div>
  );
}
