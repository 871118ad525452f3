"use client";
import { CopyButton } from "@/components/forms/copy-button";
import { Button } from "@/components/ui/button";
import type { WebhookSecretResult } from "@/lib/pro/webhook-schema";

/** The signing secret the provider returned, shown once; the vault keeps it for the app's intake. */
export function SecretOnce({ result, onDismiss }: { result: WebhookSecretResult; onDismiss: () => void }) {
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-warning/50 bg-warning/10 p-4 text-sm" data-testid="pro-webhook-secret">
      {result.secret ? (
        <>
          <p className="font-medium">Copy this signing secret now: it is not shown again.</p>
          <p className="flex flex-wrap items-center gap-2">
            <code className="rounded bg-background px-2 py-1 font-mono text-xs break-all" data-testid="pro-webhook-secret-value">
              {result.secret}
            </code>
            <CopyButton value={result.secret} label="signing secret" />
          </p>
          <p className="text-muted-foreground">
            Stored in the vault as {result.stored} so the app verifies deliveries at its own Pro webhook address; the secret it replaces there is still accepted
            for 24 hours.
          </p>
        </>
      ) : (
        <p>This change had already been made; its secret was shown then and is in the vault.</p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}
