import type { IgnoredParam } from "@/lib/legacy/filters";

/** Says which parts of the address were not usable and were left out, so a bad link never fails the page. */
export function IgnoredParams({ ignored }: { ignored: IgnoredParam[] }) {
  if (!ignored.length) return null;
  return (
    <div role="status" className="mb-3 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="ignored-params">
      <p>Some filters in the address were not valid and were ignored:</p>
      <ul className="mt-1 list-disc pl-5">
        {ignored.map((i) => (
          <li key={i.param}>
            <code className="font-mono text-xs">
              {i.param}={i.value}
            </code>{" "}
            — {i.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
