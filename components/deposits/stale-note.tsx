import { formatDateTime } from "@/lib/format";

/** Shown when the provider could not be asked and a stored answer is on screen instead. */
export function StaleNote({ stale, fetchedAt }: { stale: boolean; fetchedAt: string | Date }) {
  if (!stale) return null;
  return (
    <p role="status" className="mb-3 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
      The provider could not be reached just now; this is the data as of {formatDateTime(fetchedAt)}.
    </p>
  );
}
