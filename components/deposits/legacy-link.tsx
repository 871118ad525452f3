import Link from "next/link";
import { Badge } from "@/components/ui/badge";

/**
 * Whether the legacy read views (/legacy/onramps/<id>, /legacy/offramps/<id>) are part of the app.
 * They are not yet, so the ids are plain text: a link to a missing page would be a dead end.
 * Set to true in the change that adds those pages.
 */
export const LEGACY_VIEWS_AVAILABLE = false;

/** A legacy onramp or offramp id with a "legacy" badge, linked to its read view when that exists. */
export function LegacyLink({ kind, id }: { kind: "onramps" | "offramps"; id: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {LEGACY_VIEWS_AVAILABLE ? (
        <Link className="font-mono text-sm underline underline-offset-4" href={`/legacy/${kind}/${encodeURIComponent(id)}`}>
          {id}
        </Link>
      ) : (
        <span className="font-mono text-sm">{id}</span>
      )}
      <Badge variant="outline">legacy {kind === "onramps" ? "onramp" : "offramp"}</Badge>
    </span>
  );
}
