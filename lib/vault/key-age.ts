/**
 * The age of an API key against the spec's advice to rotate keys every 90 days. A key's age runs
 * from when it was added to the vault; replacing a key stores a new one, so its age starts again.
 * Server code only (the vault's client boundary admits only its form schemas and prefix rules);
 * the page sends the browser the results.
 */
import { ENVIRONMENT_LABELS, SURFACE_LABELS, type Environment, type Surface } from "./schemas";

/** The spec's recommended rotation interval. */
export const ROTATE_AFTER_DAYS = 90;
/** From this age admins are reminded, so a replacement can be planned before the key is overdue. */
export const REMIND_FROM_DAYS = 80;

const DAY_MS = 24 * 60 * 60 * 1000;

/** fresh: under 80 days; due: 80 to 90 days (rotate soon); overdue: more than 90 days. */
export type KeyAgeState = "fresh" | "due" | "overdue";

/** Whole days since the key was added (0 on its first day). */
export function keyAgeDays(createdAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS));
}

export function keyAgeState(days: number): KeyAgeState {
  if (days > ROTATE_AFTER_DAYS) return "overdue";
  return days >= REMIND_FROM_DAYS ? "due" : "fresh";
}

export function formatKeyAge(days: number): string {
  return days === 0 ? "Added today" : days === 1 ? "1 day" : `${days} days`;
}

/** Why a key is marked, for the mark's tooltip; null for a fresh key. */
export function keyAgeNote(state: KeyAgeState): string | null {
  if (state === "overdue") return `Older than the ${ROTATE_AFTER_DAYS} days the provider advises: replace it.`;
  return state === "due" ? `The provider advises replacing keys every ${ROTATE_AFTER_DAYS} days: replace it soon.` : null;
}

export interface AgingKey {
  environment: Environment;
  surface: Surface;
  days: number;
  state: Exclude<KeyAgeState, "fresh">;
}

/** The active API keys that need a reminder, oldest first. */
export function agingKeys(
  keys: readonly { kind: string; status: string; environment: Environment; surface: Surface; createdAt: Date }[],
  now: Date = new Date(),
): AgingKey[] {
  const out: AgingKey[] = [];
  for (const k of keys) {
    if (k.kind !== "api_key" || k.status !== "active") continue;
    const days = keyAgeDays(k.createdAt, now);
    const state = keyAgeState(days);
    if (state !== "fresh") out.push({ environment: k.environment, surface: k.surface, days, state });
  }
  return out.sort((a, b) => b.days - a.days);
}

/** "Sandbox Core key, 85 days old" for the reminder's list. */
export function agingKeyLabel(k: AgingKey): string {
  return `${ENVIRONMENT_LABELS[k.environment]} ${SURFACE_LABELS[k.surface]} key, ${k.days} days old${k.state === "overdue" ? " (overdue)" : ""}`;
}
