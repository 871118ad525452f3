import { randomUUID } from "node:crypto";
import type { JWT } from "next-auth/jwt";

/** The signed-in user for the current test, as the session cookie would carry it. */
export const testSession: { token: JWT | null; headers: Record<string, string> } = {
  token: null,
  headers: { "x-request-id": "test-request", "x-forwarded-for": "203.0.113.9", "user-agent": "vitest" },
};

export function signInAs(user: { id: string; sessionVersion: number }) {
  testSession.token = { uid: user.id, sv: user.sessionVersion, sid: randomUUID() };
}

export function signOutTest() {
  testSession.token = null;
}
