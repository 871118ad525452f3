import { KeyRound } from "lucide-react";
import { ENVIRONMENT_LABELS, type Environment } from "@/lib/vault/values";

export function KeysEmptyState({ environment }: { environment: Environment }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-dashed p-6" data-testid={`keys-empty-${environment}`}>
      <KeyRound aria-hidden="true" className="mt-0.5 size-5 text-muted-foreground" />
      <div>
        <p className="font-medium">No {ENVIRONMENT_LABELS[environment].toLowerCase()} keys yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          {environment === "production"
            ? "Add the live keys (sk_live_) from the provider's dashboard to work with real money. Each key is checked with the provider before it is saved."
            : "Add sandbox keys (sk_sandbox_) from the provider's dashboard to try things without real money. Each key is checked with the provider before it is saved."}
        </p>
      </div>
    </div>
  );
}
