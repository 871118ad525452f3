"use client";
import { RoleSelect } from "@/app/(dashboard)/settings/team/_components/role-select";
import { UserActions } from "@/app/(dashboard)/settings/team/_components/user-actions";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Badge } from "@/components/ui/badge";
import type { Role } from "@/lib/auth/permissions";
import { DateTime } from "@/components/ui/date-time";

export interface TeamRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  invited: boolean;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export function TeamTable({ rows, currentUserId }: { rows: TeamRow[]; currentUserId: string }) {
  const columns: Column<TeamRow>[] = [
    {
      key: "name",
      header: "Name",
      cell: (u) => (
        <>
          <div className="font-medium">
            {u.name}
            {u.id === currentUserId ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
          </div>
          <div className="text-xs text-muted-foreground">{u.email}</div>
        </>
      ),
    },
    { key: "role", header: "Role", cell: (u) => <RoleSelect userId={u.id} userName={u.name} role={u.role} disabled={u.disabled} /> },
    {
      key: "status",
      header: "Status",
      cell: (u) =>
        u.disabled ? (
          <Badge variant="destructive">Disabled</Badge>
        ) : u.invited ? (
          <Badge variant="warning">Invited</Badge>
        ) : (
          <Badge variant="success">Active</Badge>
        ),
    },
    { key: "sign-in", header: "Last sign-in", className: "text-sm text-muted-foreground", cell: (u) => <DateTime value={u.lastSignInAt} /> },
    {
      key: "actions",
      header: "Actions",
      headerAlign: "right",
      className: "text-right",
      cell: (u) => <UserActions userId={u.id} userName={u.name} disabled={u.disabled} isSelf={u.id === currentUserId} />,
    },
  ];
  return (
    <DataList
      caption="Team members"
      columns={columns}
      rows={rows}
      rowKey={(u) => u.id}
      rowProps={(u) => ({ "data-testid": `team-row-${u.email}` })}
      empty={<ListEmptyState testId="team-empty" title="No team members" hint="Add a user to invite them." />}
    />
  );
}
