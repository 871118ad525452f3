"use client";
import { CopyButton } from "@/components/forms/copy-button";
import { CoinsEmptyState } from "@/app/(dashboard)/coins/_components/empty-state";
import { CoinsTable, useCoinsQuery } from "@/app/(dashboard)/coins/_components/list";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AddressesView } from "@/lib/coins/views";
import { formatDateTime } from "@/lib/format";
import { RenameAddressDialog } from "./rename-dialog";

/** The saved withdrawal addresses, newest first; people who may withdraw can rename or clear a label. */
export function AddressesTable({ initial, canEdit }: { initial: AddressesView; canEdit: boolean }) {
  const q = useCoinsQuery(["addresses"], "/api/coins/addresses", initial);
  const view = q.data;
  if (view.rows.length === 0)
    return (
      <CoinsEmptyState
        testId="coins-addresses-empty"
        title="No saved addresses"
        hint={canEdit ? "Save an address to send crypto to it." : "Addresses saved by your team appear here."}
      />
    );
  return (
    <CoinsTable q={q} caption="Saved withdrawal addresses">
      <TableHeader>
        <TableRow>
          <TableHead>Label</TableHead>
          <TableHead>Address</TableHead>
          <TableHead>Asset and chain</TableHead>
          <TableHead>Saved</TableHead>
          {canEdit ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((a) => (
          <TableRow key={a.id} data-testid="coins-address-row" data-address={a.address}>
            <TableCell className="text-sm" data-testid="coins-address-label">
              {a.label ? a.label : <span className="text-muted-foreground">No label</span>}
            </TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <span className="font-mono text-xs break-all">{a.address}</span>
                <CopyButton value={a.address} label={`address ${a.label || a.address.slice(0, 8)}`} />
              </div>
            </TableCell>
            <TableCell className="text-sm whitespace-nowrap">
              {a.asset} on {a.chain}
            </TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(a.created_at ?? null)}</TableCell>
            {canEdit ? (
              <TableCell>
                <RenameAddressDialog address={a} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </CoinsTable>
  );
}
