import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { db } from "@/lib/db";
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
 * The viewer's zone for this request: their setting, else the browser's (from the cookie a small
 * effect in the page writes), else UTC on the very first visit. Read once per request.
 */
export const viewerTimeZone = cache(async (userId: string): Promise<ViewerTimeZone> => {
  const [row, jar] = await Promise.all([db.user.findUnique({ where: { id: userId }, select: { timeZone: true } }), cookies()]);
  const setting = canonicalTimeZone(row?.timeZone);
  const browser = canonicalTimeZone(jar.get(BROWSER_ZONE_COOKIE)?.value);
  return { zone: setting ?? browser ?? FALLBACK_ZONE, setting, browser };
});
