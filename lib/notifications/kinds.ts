/**
 * The kinds of mail the app sends, who receives each, and what a person may choose. Client-safe
 * (the preferences page renders from it).
 */
import type { Role } from "@/lib/auth/permissions";

export const NOTIFICATION_KINDS = ["approval_waiting", "deposit_flagged", "key_aging", "quota_near", "control_loosening"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const DELIVERY_MODES = ["immediate", "digest", "off"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

export const MODE_LABELS: Record<DeliveryMode, string> = {
  immediate: "At once",
  digest: "Daily digest",
  off: "Off",
};

export interface KindInfo {
  label: string;
  description: string;
  /** Who is told: the roles that can act on it. */
  roles: readonly Role[];
  /** What a person gets before choosing. */
  defaultMode: DeliveryMode;
}

export const KINDS: Record<NotificationKind, KindInfo> = {
  approval_waiting: {
    label: "A request waits for approval",
    description: "A transfer, withdrawal, balance move or control change above a limit waits for a second person.",
    roles: ["approver", "admin"],
    defaultMode: "immediate",
  },
  deposit_flagged: {
    label: "A deposit is flagged for review",
    description: "The provider put a deposit in review; it waits in the review queue for a decision.",
    roles: ["approver", "admin"],
    defaultMode: "immediate",
  },
  key_aging: {
    label: "An API key nears 90 days",
    description: "The provider advises replacing API keys every 90 days; the reminder starts at 80.",
    roles: ["admin"],
    defaultMode: "immediate",
  },
  quota_near: {
    label: "Funding-account quota nears its limit",
    description: "Today's new funding accounts reach 80% of the provider's daily limit.",
    roles: ["admin"],
    defaultMode: "immediate",
  },
  control_loosening: {
    label: "A control is being loosened",
    description: "Someone asked to raise an approval limit or grant the approver or admin role.",
    roles: ["admin"],
    defaultMode: "immediate",
  },
};

export function isKind(v: unknown): v is NotificationKind {
  return typeof v === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(v);
}

export function isMode(v: unknown): v is DeliveryMode {
  return typeof v === "string" && (DELIVERY_MODES as readonly string[]).includes(v);
}

/** The kinds a role receives at all (the preferences page shows only these). */
export function kindsForRole(role: string): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => (KINDS[k].roles as readonly string[]).includes(role));
}
