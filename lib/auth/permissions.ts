/**
 * The one table from role to permission. Everything the app lets a person do is named here;
 * a role or permission not in this table is denied.
 */
export const ROLES = ["viewer", "operator", "approver", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "data:read", // see balances, accounts, deposits, recipients, orders, markets, portfolio
  "events:read", // event log and timelines
  "funding:create", // funding accounts, simulated deposits
  "recipient:create",
  "transfer:create",
  "withdrawal:create",
  "balance:move",
  "order:trade", // place, replace and cancel Pro and Coins orders
  "approval:decide", // second approval of money movement
  "review:decide", // deposit review decisions and their confirmation
  "team:manage",
  "audit:read",
  "keys:manage", // API keys and webhook secrets
  "settings:manage", // settlement destination, thresholds, outbound webhooks, Pro webhooks
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OPERATOR: Permission[] = [
  "data:read",
  "events:read",
  "funding:create",
  "recipient:create",
  "transfer:create",
  "withdrawal:create",
  "balance:move",
  "order:trade",
];

const TABLE: Record<Role, ReadonlySet<Permission>> = {
  viewer: new Set<Permission>(["data:read", "events:read"]),
  operator: new Set<Permission>(OPERATOR),
  approver: new Set<Permission>(["data:read", "events:read", "approval:decide", "review:decide"]),
  admin: new Set<Permission>(PERMISSIONS),
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Deny by default: an unknown role or permission is never allowed. */
export function can(role: unknown, permission: unknown): boolean {
  if (!isRole(role)) return false;
  if (typeof permission !== "string") return false;
  return TABLE[role].has(permission as Permission);
}

export function permissionsOf(role: unknown): Permission[] {
  return isRole(role) ? [...TABLE[role]] : [];
}
