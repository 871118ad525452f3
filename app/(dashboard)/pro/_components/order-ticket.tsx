"use client";
import { useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import type { ProBalancesView, TradeAccess } from "@/lib/pro/views";
import { TicketForm } from "./forms-on-input";
import { LiveOrder } from "./live-order";
import { ProBalances, useProBalances } from "./pro-balances";

/**
 * The Pro order ticket: the balances, the ticket's form (./ticket-form.tsx, its code fetched at the
 * first input in the page) and the order just placed, live.
 */
export function OrderTicket({
  access,
  initialBalances,
  balancesError,
  initialOrderId,
}: {
  access: TradeAccess;
  initialBalances: ProBalancesView | null;
  balancesError: string | null;
  initialOrderId: string | null;
}) {
  const balances = useProBalances(initialBalances);
  const [placedId, setPlacedId] = useState<string | null>(initialOrderId);
  const reason = access.allowed ? null : access.reason;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="grid content-start gap-6">
        <ProBalances view={balances.data} error={balancesError} />
        {reason ? (
          <Alert data-testid="pro-ticket-disabled" id="pro-ticket-reason">
            <AlertTitle>The order ticket is not available</AlertTitle>
            <AlertDescription>{reason}</AlertDescription>
          </Alert>
        ) : null}
        <TicketForm access={access} balances={balances.data} onPlaced={setPlacedId} />
      </div>
      <section aria-labelledby="pro-placed-heading" className="grid content-start gap-3">
        <h2 id="pro-placed-heading" className="text-base font-semibold">
          Order just placed
        </h2>
        {placedId ? (
          <LiveOrder key={placedId} orderId={placedId} canTrade={access.allowed} withLink />
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="pro-no-order">
            The order you place shows here with its live status, fills and fees.
          </p>
        )}
      </section>
    </div>
  );
}
