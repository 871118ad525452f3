import { ROLE_LABELS } from "@/lib/team/role-labels";
import { SelectContent, SelectItem } from "@/components/ui/select";
import { ROLES } from "@/lib/auth/permissions";

/** The role choices, the same wherever a role is picked. */
export function RoleOptions() {
  return (
    <SelectContent>
      {ROLES.map((r) => (
        <SelectItem key={r} value={r}>
          {ROLE_LABELS[r].title}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
