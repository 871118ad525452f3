import { ROLE_LABELS } from "@/lib/team/role-labels";
import { ROLES } from "@/lib/auth/permissions";

/** The role choices, the same wherever a role is picked. */
export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r].title }));
