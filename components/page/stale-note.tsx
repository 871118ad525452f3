import { SyncedNote, type SyncedNoteFreshness } from "@/components/page/synced-note";
import { DateTime } from "@/components/ui/date-time";

/**
 * Shown when the provider could not be asked and a stored answer is on screen instead. `inline`
 * (the default) is the small line above a list or detail; `banner` is the boxed status that the
 * deposit and legacy pages show above their whole content. What was read from the local copy
 * (`synced` given) always says how fresh the copy is instead; `id` names the one object a detail
 * page shows, so its Refresh re-reads that object.
 */
export function StaleNote({
  stale,
  fetchedAt,
  variant = "inline",
  synced,
  id,
}: {
  stale: boolean;
  fetchedAt: string | Date;
  variant?: "inline" | "banner";
  synced?: SyncedNoteFreshness;
  id?: string;
}) {
  if (synced) return <SyncedNote freshness={synced} id={id} className={variant === "banner" ? "mb-3" : undefined} />;
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
