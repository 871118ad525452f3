import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney } from "@/lib/money";
import type { WithdrawalOptions } from "@/lib/pro/views";

/** One table per asset: its enabled chains, contract and network fee. Only what the provider returned. */
export function WithdrawalOptionsList({ options }: { options: WithdrawalOptions }) {
  if (options.assets.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center" data-testid="pro-withdrawal-options-empty">
        <p className="font-medium">No withdrawal rails are enabled</p>
        <p className="mt-1 text-sm text-muted-foreground">The provider currently offers no asset and chain for on-chain withdrawals, so none can be used.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-6" data-testid="pro-withdrawal-options">
      {options.assets.map((a) => (
        <section key={a.asset} aria-labelledby={`asset-${a.asset}`} className="grid gap-2" data-testid={`pro-asset-${a.asset}`}>
          <h2 id={`asset-${a.asset}`} className="text-base font-semibold">
            {a.asset} {a.display_name ? <span className="font-normal text-muted-foreground">· {a.display_name}</span> : null}
          </h2>
          <div className="rounded-lg border">
            <Table>
              <TableCaption className="sr-only">Enabled chains for {a.asset}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Chain</TableHead>
                  <TableHead>Key</TableHead>
                  <TableHead>Contract</TableHead>
                  <TableHead align="right">Decimals</TableHead>
                  <TableHead align="right">Network fee</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {a.chains.map((c) => (
                  <TableRow key={c.blockchain} data-testid="pro-chain-row" data-chain={c.blockchain}>
                    <TableCell className="text-sm">{c.blockchain_name || c.blockchain}</TableCell>
                    <TableCell className="font-mono text-xs">{c.blockchain}</TableCell>
                    <TableCell className="font-mono text-xs break-all">{c.contract_address || "Native coin"}</TableCell>
                    <TableCell className="text-right text-sm tabular-nums">{c.decimals ?? a.decimals ?? "—"}</TableCell>
                    <TableCell className="text-right text-sm tabular-nums">{c.fee_amount ? formatMoney(c.fee_amount, c.fee_asset || a.asset) : "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </section>
      ))}
    </div>
  );
}
