import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAsset } from "@/lib/coins/format";
import type { WithdrawableAsset } from "@/lib/coins/views";

const IconLink = ({ href, name }: { href: string | null | undefined; name: string }) =>
  href ? (
    <a href={href} target="_blank" rel="noreferrer noopener" className="text-xs underline-offset-4 hover:underline focus-visible:underline">
      Icon<span className="sr-only"> of {name} (opens in a new tab)</span>
    </a>
  ) : (
    <span className="text-xs text-muted-foreground">—</span>
  );

/**
 * What can be withdrawn and where: each asset (symbol, name, decimals, icon) and each of its chains
 * with the asset identifier, token contract (none for a chain's native coin), network fee and minimum.
 */
export function WithdrawableAssets({ assets }: { assets: WithdrawableAsset[] }) {
  if (assets.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">The provider lists no withdrawable assets right now.</p>
    );
  return (
    <div className="rounded-lg border">
      <Table>
        <TableCaption className="sr-only">Withdrawable assets and their chains</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Asset</TableHead>
            <TableHead>Chain</TableHead>
            <TableHead>Asset identifier</TableHead>
            <TableHead>Contract</TableHead>
            <TableHead align="right">Network fee</TableHead>
            <TableHead align="right">Minimum</TableHead>
            <TableHead>Icons</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {assets.flatMap((a) =>
            a.chains.map((c, i) => (
              <TableRow key={`${a.symbol}-${c.blockchain}`} data-testid="coins-asset-chain-row" data-asset={a.symbol} data-chain={c.blockchain}>
                <TableCell className="text-sm">
                  {i === 0 ? (
                    <>
                      <div className="font-medium">{a.symbol}</div>
                      <div className="text-xs text-muted-foreground">
                        {a.display_name ?? ""}
                        {a.decimals != null ? ` · ${a.decimals} decimals` : ""}
                      </div>
                    </>
                  ) : (
                    <span className="sr-only">{a.symbol}</span>
                  )}
                </TableCell>
                <TableCell className="text-sm">
                  {c.blockchain_name ?? c.blockchain} <span className="font-mono text-xs text-muted-foreground">({c.blockchain})</span>
                </TableCell>
                <TableCell className="max-w-56 truncate font-mono text-xs" title={c.caid ?? undefined}>
                  {c.caid ?? "—"}
                </TableCell>
                <TableCell className="max-w-40 truncate font-mono text-xs" title={c.contract_address ?? undefined}>
                  {c.contract_address ?? "Native coin"}
                </TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatAsset(c.network_fee, a.symbol)}</TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatAsset(c.min_amount, a.symbol)}</TableCell>
                <TableCell className="space-x-2 whitespace-nowrap">
                  {i === 0 ? <IconLink href={a.icon} name={a.symbol} /> : null}
                  <IconLink href={c.icon} name={c.blockchain_name ?? c.blockchain} />
                </TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    </div>
  );
}
