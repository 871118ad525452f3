import { RoleSelect } from "@/app/(dashboard)/settings/team/_components/role-select";
import { UserActions } from "@/app/(dashboard)/settings/team/_components/user-actions";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Role } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";

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
  return (
    <div className="rounded-lg border">
      <Table>
        <TableCaption className="sr-only">Team members</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Role</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last sign-in</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((u) => (
            <TableRow key={u.id} data-testid={`team-row-${u.email}`}>
              <TableCell>
                <div className="font-medium">
                  {u.name}
                  {u.id === currentUserId ? <span className="ml-2 text-xs text-muted-foreground">(you)</span> : null}
                </div>
                <div className="text-xs text-muted-foreground">{u.email}</div>
              </TableCell>
              <TableCell>
                <RoleSelect userId={u.id} userName={u.name} role={u.role} disabled={u.disabled} />
              </TableCell>
              <TableCell>
                {u.disabled ? (
                  <Badge variant="destructive">Disabled</Badge>
                ) : u.invited ? (
                  <Badge variant="warning">Invited</Badge>
                ) : (
                  <Badge variant="success">Active</Badge>
                )}
              </TableCell>
              <TableCell className="text-sm text-muted-foreground">{formatDateTime(u.lastSignInAt)}</TableCell>
              <TableCell className="text-right">
                <UserActions userId={u.id} userName={u.name} disabled={u.disabled} isSelf={u.id === currentUserId} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
