import { type Column, DataList } from "@/components/list/data-list";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { ENVIRONMENT_LABELS, type Environment, SURFACE_LABELS } from "@/lib/vault/values";
import type { KeySlotView } from "@/lib/vault/view-types";
import { KeyButton } from "./key-button";
import { RevokeButton } from "./revoke-button";

const none = <span className="text-muted-foreground">—</span>;

function keyColumns(environment: Environment): Column<KeySlotView>[] {
  return [
    { key: "surface", header: "Surface", className: "font-medium", cell: ({ surface }) => SURFACE_LABELS[surface] },
    {
      key: "key",
      header: "Key",
      cell: ({ active, lastRevoked }) => {
        const shown = active ?? lastRevoked;
        return shown ? (
          <code data-testid="key-mask" className={shown.status === "revoked" ? "text-muted-foreground line-through" : undefined}>
            {shown.masked}
          </code>
        ) : (
          none
        );
      },
    },
    {
      key: "scopes",
      header: "Scopes",
      cell: ({ active, lastRevoked }) => {
        const shown = active ?? lastRevoked;
        return shown ? (
          <div className="flex flex-wrap gap-1">
            {shown.scopes.map((s) => (
              <Badge key={s} variant="outline">
                {s}
              </Badge>
            ))}
          </div>
        ) : (
          none
        );
      },
    },
    {
      key: "added",
      header: "Added",
      className: "text-sm",
      cell: ({ active, lastRevoked }) => {
        const shown = active ?? lastRevoked;
        return shown ? (
          <>
            <div>{shown.createdByName ?? "Set up automatically"}</div>
            <div className="text-xs text-muted-foreground">
              <DateTime value={shown.createdAt} />
            </div>
          </>
        ) : (
          none
        );
      },
    },
    {
      key: "age",
      header: "Age",
      className: "text-sm",
      cell: ({ active }) => (
        <div data-testid="key-age" data-age={active?.age}>
          {active ? (
            <div className="grid justify-items-start gap-1">
              <span className="tabular-nums">{active.ageLabel}</span>
              {active.age === "overdue" ? (
                <Badge variant="destructive" title={active.ageNote ?? undefined}>
                  Overdue
                </Badge>
              ) : active.age === "due" ? (
                <Badge variant="warning" title={active.ageNote ?? undefined}>
                  Rotate soon
                </Badge>
              ) : null}
            </div>
          ) : (
            none
          )}
        </div>
      ),
    },
    {
      key: "used",
      header: "Last used",
      className: "text-sm text-muted-foreground",
      cell: ({ active }) => (active ? active.lastUsedAt ? <DateTime value={active.lastUsedAt} /> : "Not used yet" : "—"),
    },
    {
      key: "status",
      header: "Status",
      cell: ({ active, lastRevoked }) =>
        active ? (
          <Badge variant="success">Active</Badge>
        ) : lastRevoked ? (
          <div className="grid gap-0.5">
            <Badge variant="destructive">Revoked</Badge>
            <span className="text-xs text-muted-foreground">
              {lastRevoked.revokedByName ? `by ${lastRevoked.revokedByName}, ` : ""}
              <DateTime value={lastRevoked.revokedAt} />
            </span>
          </div>
        ) : (
          <Badge variant="outline">Not set</Badge>
        ),
    },
    {
      key: "actions",
      header: "Actions",
      headerAlign: "right",
      className: "text-right",
      cell: ({ surface, active }) => {
        const label = `${ENVIRONMENT_LABELS[environment]} ${SURFACE_LABELS[surface]}`;
        return (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {active ? (
              <>
                <KeyButton mode="replace" environment={environment} surface={surface} keyId={active.id} currentScopes={active.scopes} label={label} />
                <RevokeButton
                  kind="api_key"
                  id={active.id}
                  buttonLabel="Revoke"
                  accessibleLabel={`Revoke the ${label} key`}
                  title={`Revoke the ${label} key ${active.masked}?`}
                  description={`The app stops using it at once: ${SURFACE_LABELS[surface]} pages and actions in ${ENVIRONMENT_LABELS[environment].toLowerCase()} fail until a new key is added. The key itself stays valid at the provider until you revoke it there too.`}
                />
              </>
            ) : (
              <KeyButton mode="add" environment={environment} surface={surface} label={label} />
            )}
          </div>
        );
      },
    },
  ];
}

export function KeysTable({ environment, slots }: { environment: Environment; slots: KeySlotView[] }) {
  return (
    <DataList
      caption={`${ENVIRONMENT_LABELS[environment]} API keys per surface`}
      columns={keyColumns(environment)}
      rows={slots}
      rowKey={(s) => s.surface}
      rowProps={(s) => ({ "data-testid": `key-row-${environment}-${s.surface}` })}
      // One row per surface, set or not, so the list is never empty; the view says when no key is set.
      empty={null}
    />
  );
}
