import { TriangleAlertIcon } from "lucide-react";

import type { Environment } from "@/components/shell/types";

/**
 * The environment, impossible to miss in production. The status region is always rendered so
 * that switching environment is announced; in sandbox it holds only a screen-reader note (the
 * environment switch in the top bar already shows "Sandbox").
 */
function ProductionBanner({ environment }: { environment: Environment }) {
  return (
    <div role="status" data-slot="production-banner" data-environment={environment}>
      {environment === "production" ? (
        <div className="flex h-7 items-center justify-center gap-2 bg-destructive px-3 text-xs font-semibold tracking-wide text-destructive-foreground">
          <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
          <span>Production — real money</span>
        </div>
      ) : (
        <span className="sr-only">Sandbox — test data, no real money</span>
      )}
    </div>
  );
}

export { ProductionBanner };
