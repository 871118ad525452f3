"use client";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DateTime } from "@/components/ui/date-time";
import { ENVIRONMENT_LABELS, SURFACE_LABELS, type Environment } from "@/lib/vault/values";
import { RevokeButton } from "./revoke-button";
import type { SecretDialogProps } from "./secret-dialog";
import type { WebhookSlotView } from "@/lib/vault/view-types";

const loadSecretDialog = () => import("./secret-dialog").then((m) => m.SecretDialog);

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
        <SecretButton environment={environment} surface={slot.surface} label={label} rotating={active !== null} />
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

/** "Set secret" or "Rotate"; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
function SecretButton(props: SecretDialogProps) {
  const { label, rotating } = props;
  return (
    <DialogOnDemand
      load={loadSecretDialog}
      props={props}
      button={(press) => (
        <Button variant="outline" size="sm" aria-label={rotating ? `Rotate the ${label} webhook secret` : `Set secret for the ${label} webhooks`} {...press}>
          {rotating ? "Rotate" : "Set secret"}
        </Button>
      )}
    />
  );
}
