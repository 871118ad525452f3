import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";

/** A legacy onramp or offramp id with a "legacy" badge, linked to its read view. */
export function LegacyLink({ kind, id }: { kind: "onramps" | "offramps"; id: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Link className="font-mono text-sm underline underline-offset-4" href={`/legacy/${kind}/${encodeURIComponent(id)}`}>
        {id}
      </Link>
      <Badge variant="outline">legacy {kind === "onramps" ? "onramp" : "offramp"}</Badge>
    </span>
  );
}
