"use client";
import { parseAsStringLiteral, useQueryState } from "nuqs";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ENVIRONMENT_LABELS, ENVIRONMENTS, type Environment } from "@/lib/vault/values";
import { KeysEmptyState } from "./empty-state";
import { KeysTable } from "./keys-table";
import type { EnvironmentView } from "@/lib/vault/view-types";
import { WebhookSecrets } from "./webhook-secrets";

/** Sandbox and Production side by side as tabs; the open tab lives in the URL so a link can point at it. */
export function ApiKeysView({ environments, defaultEnvironment }: { environments: EnvironmentView[]; defaultEnvironment: Environment }) {
  const [tab, setTab] = useQueryState("env", parseAsStringLiteral(ENVIRONMENTS).withDefault(defaultEnvironment));
  return (
    <Tabs value={tab} onValueChange={(v) => void setTab(v as Environment)}>
      <TabsList aria-label="Environment">
        {ENVIRONMENTS.map((e) => (
          <TabsTrigger key={e} value={e}>
            {ENVIRONMENT_LABELS[e]}
          </TabsTrigger>
        ))}
      </TabsList>
      {environments.map((view) => {
        const empty = view.keys.every((k) => !k.active && !k.lastRevoked) && view.webhooks.every((w) => !w.active && w.inWindow.length === 0);
        return (
          // Both environments stay in the page (hidden when not chosen): switching is instant and every
          // tab's aria-controls points at a real panel.
          <TabsContent key={view.environment} value={view.environment} forceMount className="grid gap-6 data-[state=inactive]:hidden">
            {empty ? <KeysEmptyState environment={view.environment} /> : null}
            <section aria-labelledby={`keys-heading-${view.environment}`} className="grid gap-3">
              <h2 id={`keys-heading-${view.environment}`} className="text-base font-semibold">
                {ENVIRONMENT_LABELS[view.environment]} API keys
              </h2>
              <KeysTable environment={view.environment} slots={view.keys} />
            </section>
            <section aria-labelledby={`webhooks-heading-${view.environment}`} className="grid gap-3">
              <div className="grid gap-1">
                <h2 id={`webhooks-heading-${view.environment}`} className="text-base font-semibold">
                  {ENVIRONMENT_LABELS[view.environment]} webhook secrets
                </h2>
                <p className="text-sm text-muted-foreground">
                  The provider signs every webhook with these. After a rotation the old secret is still accepted for 24 hours, so deliveries already on their
                  way still verify.
                </p>
              </div>
              <WebhookSecrets environment={view.environment} slots={view.webhooks} />
            </section>
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
