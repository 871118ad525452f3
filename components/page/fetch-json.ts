/**
 * Browser reads from our GET routes: the JSON body, or an Error carrying the route's sentence.
 * Client-safe.
 */
export class LoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function fetchJson<T>(url: string, fallback: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    throw new LoadError("The app could not be reached. Check your connection and try again.", 0);
  }
  const body = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok || body === null) throw new LoadError(body?.error ?? fallback, res.status);
  return body;
}
