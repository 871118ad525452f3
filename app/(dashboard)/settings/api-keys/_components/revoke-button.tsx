"use client";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import { revokeApiKey } from "@/lib/vault/revoke-api-key";
import { revokeWebhookSecret } from "@/lib/vault/revoke-webhook-secret";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/** Revoke after a confirmation; the result is a toast, a refusal stays next to the button. */
export function RevokeButton(props: {
  kind: "api_key" | "webhook_secret";
  id: string;
  buttonLabel: string;
  accessibleLabel: string;
  title: string;
  description: string;
}) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const revoke = () =>
    start(async () => {
      setError(null);
      const result =
        props.kind === "api_key" ? await answerOrFailure(revokeApiKey({ id: props.id })) : await answerOrFailure(revokeWebhookSecret({ id: props.id }));
      if (result.ok)
        toast.success(
          props.kind === "api_key" ? "Key revoked. The app no longer uses it." : "Secret revoked. Webhooks signed with it are refused from now on.",
        );
      else setError(result.error);
    });
  return (
    <>
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" disabled={pending} aria-label={props.accessibleLabel}>
            {pending ? "Revoking…" : props.buttonLabel}
          </Button>
        }
        title={props.title}
        description={props.description}
        confirm={props.buttonLabel}
        onConfirm={revoke}
      />
      {error ? (
        <p role="alert" className="w-full text-right text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
