import "server-only";
import { cookies } from "next/headers";
import type { CurrentUser } from "@/lib/auth/session";
import { BROWSER_ZONE_COOKIE, canonicalTimeZone, FALLBACK_ZONE } from "./zones";

export interface ViewerTimeZone {
  /** The zone every time on the page is shown in. */
  zone: string;
  /** The person's chosen zone, or null when they follow the browser. */
  setting: string | null;
  /** The browser's zone as its cookie last reported it, or null before it has. */
  browser: string | null;
}

/**
 * The viewer's zone for this request: their setting (read with the session check, so no query of
 * its own), else the browser's (from the cookie a small effect in the page writes), else UTC on
 * the very first visit.
 */
export async function viewerTimeZone(user: Pick<CurrentUser, "timeZone">): Promise<ViewerTimeZone> {
  const setting = canonicalTimeZone(user.timeZone);
  const browser = canonicalTimeZone((await cookies()).get(BROWSER_ZONE_COOKIE)?.value);
  return { zone: setting ?? browser ?? FALLBACK_ZONE, setting, browser };
}
