/**
 * A list's filters as a query string for links and client refetches: empty values and page 1 are
 * left out, so the plain list has the plain URL. Client-safe and free of the validation library,
 * so list pages do not ship it to the browser.
 */
export function filtersToQuery(f: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === "" || (k === "page" && v === 1)) continue;
    q.set(k, String(v));
  }
  return q.toString();
}
