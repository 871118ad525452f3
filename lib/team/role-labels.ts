import type { Role } from "@/lib/auth/permissions";

export const ROLE_LABELS: Record<Role, { title: string; description: string }> = {
  viewer: { title: "Viewer", description: "Sees everything; changes nothing." },
  operator: { title: "Operator", description: "Creates recipients, transfers, funding accounts and orders." },
  approver: { title: "Approver", description: "Gives the second approval and decides deposit reviews." },
  admin: { title: "Admin", description: "Everything, plus API keys, team and settings." },
};
