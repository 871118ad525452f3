import { DateTime } from "@/components/ui/date-time";

/**
 * Shown when the provider could not be asked and a stored answer is on screen instead. `inline`
 * (the default) is the small line above a list or detail; `banner` is the boxed status that the
 * deposit and legacy pages show above their whole content.
 */
export function StaleNote({ stale, fetchedAt, variant = "inline" }: { stale: boolean; fetchedAt: string | Date; variant?: "inline" | "banner" }) {
  if (!stale) return null;
  if (variant === "banner") {
    return (
      <p role="status" className="mb-3 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
        The provider could not be reached just now; this is the data as of <DateTime value={fetchedAt} />.
      </p>
    );
  }
  return (
    <p className="text-xs text-warning" data-testid="stale-note">
      The provider could not be reached; showing data as of <DateTime value={fetchedAt} />.
    </p>
  );
}
