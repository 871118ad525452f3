import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { ENVIRONMENT_LABELS, SURFACE_LABELS, type Environment } from "@/lib/vault/schemas";
import { KeyDialog } from "./key-dialog";
import { RevokeButton } from "./revoke-button";
import type { KeySlotView } from "@/lib/vault/view-types";

export function KeysTable({ environment, slots }: { environment: Environment; slots: KeySlotView[] }) {
  return (
    <div className="rounded-lg border">
      <Table>
        <TableCaption className="sr-only">{ENVIRONMENT_LABELS[environment]} API keys per surface</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Surface</TableHead>
            <TableHead>Key</TableHead>
            <TableHead>Scopes</TableHead>
            <TableHead>Added</TableHead>
            <TableHead>Age</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {slots.map(({ surface, active, lastRevoked }) => {
            const shown = active ?? lastRevoked;
            const label = `${ENVIRONMENT_LABELS[environment]} ${SURFACE_LABELS[surface]}`;
            return (
              <TableRow key={surface} data-testid={`key-row-${environment}-${surface}`}>
                <TableCell className="font-medium">{SURFACE_LABELS[surface]}</TableCell>
                <TableCell>
                  {shown ? (
                    <code data-testid="key-mask" className={shown.status === "revoked" ? "text-muted-foreground line-through" : undefined}>
                      {shown.masked}
                    </code>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell>
                  {shown ? (
                    <div className="flex flex-wrap gap-1">
                      {shown.scopes.map((s) => (
                        <Badge key={s} variant="outline">
                          {s}
                        </Badge>
                      ))}
                    </div>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-sm">
                  {shown ? (
                    <>
                      <div>{shown.createdByName ?? "Set up automatically"}</div>
                      <div className="text-xs text-muted-foreground">{formatDateTime(shown.createdAt)}</div>
                    </>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-sm" data-testid="key-age" data-age={active?.age}>
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
                    <span className="text-muted-foreground">—</span>
                  )}
                </TableCell>
                <TableCell className="text-sm text-muted-foreground">
                  {active ? (active.lastUsedAt ? formatDateTime(active.lastUsedAt) : "Not used yet") : "—"}
                </TableCell>
                <TableCell>
                  {active ? (
                    <Badge variant="success">Active</Badge>
                  ) : lastRevoked ? (
                    <div className="grid gap-0.5">
                      <Badge variant="destructive">Revoked</Badge>
                      <span className="text-xs text-muted-foreground">
                        {lastRevoked.revokedByName ? `by ${lastRevoked.revokedByName}, ` : ""}
                        {formatDateTime(lastRevoked.revokedAt)}
                      </span>
                    </div>
                  ) : (
                    <Badge variant="outline">Not set</Badge>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    {active ? (
                      <>
                        <KeyDialog mode="replace" environment={environment} surface={surface} keyId={active.id} currentScopes={active.scopes} label={label} />
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
                      <KeyDialog mode="add" environment={environment} surface={surface} label={label} />
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
