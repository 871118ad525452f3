/**
 * Who receives a notification and how: the kind's roles, enabled members of the organization,
 * not the person who caused it, each by their own choice for the kind (or its default).
 */
import { KINDS, isMode, type DeliveryMode, type NotificationKind } from "./kinds";

export interface Member {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
}

export interface Preference {
  userId: string;
  kind: string;
  mode: string;
}

export interface Recipient {
  userId: string;
  email: string;
  mode: Exclude<DeliveryMode, "off">;
}

export function modeFor(kind: NotificationKind, userId: string, prefs: readonly Preference[]): DeliveryMode {
  const chosen = prefs.find((p) => p.userId === userId && p.kind === kind)?.mode;
  return isMode(chosen) ? chosen : KINDS[kind].defaultMode;
}

export function chooseRecipients(kind: NotificationKind, members: readonly Member[], prefs: readonly Preference[], actorId: string | null = null): Recipient[] {
  const roles: readonly string[] = KINDS[kind].roles;
  const out: Recipient[] = [];
  for (const m of members) {
    if (m.disabled || m.id === actorId || !roles.includes(m.role)) continue;
    const mode = modeFor(kind, m.id, prefs);
    if (mode !== "off") out.push({ userId: m.id, email: m.email, mode });
  }
  return out;
}
