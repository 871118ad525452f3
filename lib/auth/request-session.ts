import "server-only";
import type { JWT } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import { env } from "@/lib/env";
import { readSession, usesSecureCookies } from "./session-cookie";

/** The current request's session token (decrypted and unexpired), or null. Renewing the cookie is the proxy's job. */
export async function requestSessionToken(): Promise<JWT | null> {
  const [h, c] = await Promise.all([headers(), cookies()]);
  return (await readSession(c.getAll(), usesSecureCookies(h), env().AUTH_SECRET)).token;
}
