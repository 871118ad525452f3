import { formatDateTime } from "@/lib/format";

/** Shown when the provider could not be asked and a cached answer is on screen. */
export function StaleNote({ stale, fetchedAt }: { stale: boolean; fetchedAt: string }) {
  if (!stale) return null;
  return (
    <p className="text-xs text-warning" data-testid="stale-note">
      The provider could not be reached; showing data as of {formatDateTime(fetchedAt)}.
    </p>
  );
}
