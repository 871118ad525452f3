"use client";
import { useCoinsQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { CopyButton } from "@/components/forms/copy-button";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import type { AddressesView } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";
import { RenameAddressButton } from "./rename-button";

type Address = AddressesView["rows"][number];

const columns: Column<Address>[] = [
  {
    key: "label",
    header: "Label",
    className: "text-sm",
    cell: (a) => <span data-testid="coins-address-label">{a.label ? a.label : <span className="text-muted-foreground">No label</span>}</span>,
  },
  {
    key: "address",
    header: "Address",
    cell: (a) => (
      <div className="flex items-center gap-2">
        <span className="font-mono text-xs break-all">{a.address}</span>
        <CopyButton value={a.address} label={`address ${a.label || a.address.slice(0, 8)}`} />
      </div>
    ),
  },
  { key: "asset", header: "Asset and chain", className: "text-sm whitespace-nowrap", cell: (a) => `${a.asset} on ${a.chain}` },
  { key: "saved", header: "Saved", className: "text-sm whitespace-nowrap", cell: (a) => <DateTime value={a.created_at ?? null} /> },
];

const actions: Column<Address> = { key: "actions", header: <span className="sr-only">Actions</span>, cell: (a) => <RenameAddressButton address={a} /> };

/** The saved withdrawal addresses, newest first; people who may withdraw can rename or clear a label. */
export function AddressesTable({ initial, canEdit }: { initial: AddressesView; canEdit: boolean }) {
  const q = useCoinsQuery(["addresses"], "/api/coins/addresses", initial);
  const view = q.data;
  return (
    <DataList
      caption="Saved withdrawal addresses"
      columns={canEdit ? [...columns, actions] : columns}
      rows={view.rows}
      rowKey={(a) => a.id}
      rowProps={(a) => ({ "data-testid": "coins-address-row", "data-address": a.address })}
      stale={view}
      refresh={q.refresh}
      empty={
        <ListEmptyState
          testId="coins-addresses-empty"
          title="No saved addresses"
          hint={canEdit ? "Save an address to send crypto to it." : "Addresses saved by your team appear here."}
        />
      }
    />
  );
}
