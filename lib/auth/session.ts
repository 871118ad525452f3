import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { checkSessionToken } from "./callbacks";
import { sessionUser } from "./config";
import { can, isRole, type Permission, type Role } from "./permissions";
import { requestSessionToken } from "./request-session";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  organizationId: string;
  environment: Environment;
  /** The person's chosen time zone; null or absent: follow the browser (lib/time-zone/current.ts). */
  timeZone?: string | null;
}

export class AuthorizationError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The signed-in user, read fresh from the database through the session check, or null. Once per
 * page render: the layout and the page both ask, and each check decrypts the session and reads the
 * user and the revocation list (outside a render, in actions and route handlers, every call checks).
 * The same check and mapping Auth.js's `auth()` ran, without its new cookie, which a render drops.
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const token = await requestSessionToken();
  const checked = token ? await checkSessionToken({ token }) : null;
  if (!checked) return null;
  const u = sessionUser(checked);
  return isRole(u.role) ? { ...u, role: u.role } : null;
});

/** For pages: sends a signed-out visitor to the sign-in page. */
export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/sign-in");
  return user;
}

/** For pages: a user without the permission sees the 403 page. */
export async function requirePagePermission(permission: Permission): Promise<CurrentUser> {
  const user = await requireUser();
  if (!can(user.role, permission)) redirect("/forbidden");
  return user;
}

/** For server actions and route handlers: throws AuthorizationError (401 or 403). */
export async function authorize(permission: Permission): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) throw new AuthorizationError(401, "Your session has ended. Sign in again.");
  if (!can(user.role, permission)) {
    throw new AuthorizationError(403, "Your role does not allow this. Ask an admin if you need it.");
  }
  return user;
}
