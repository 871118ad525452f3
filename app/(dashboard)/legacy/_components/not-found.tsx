import { Link } from "@/components/ui/link";
import type { LegacyKind } from "@/lib/legacy/filters";
import { KIND_NOUN } from "@/lib/legacy/views";

export function LegacyNotFound({ kind }: { kind: LegacyKind }) {
  const [one, many] = KIND_NOUN[kind];
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border p-6">
      <h1 className="text-lg font-semibold">This {one} does not exist</h1>
      <p className="text-sm text-muted-foreground">
        The provider has no {one} with this id in the current environment. Check the id, or switch environment if it came from the other one.
      </p>
      <div>
        <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href={`/legacy/${kind}`}>
          All {many}
        </Link>
      </div>
    </div>
  );
}
