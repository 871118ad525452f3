import { Link } from "@/components/ui/link";
import { Amount } from "@/components/page/amount";
import { railLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { ReadError } from "@/components/page/read-error";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { REPLACEMENT_RAIL, replacementHref, type Ramp, type RampDetailView, type RampKind } from "@/lib/legacy/views";

const linkClass = "font-mono text-xs underline underline-offset-4";

/**
 * What took over from an onramp or offramp: the customer's funding accounts on the same rail (the
 * spec's replacement), and the deposits that still came in through this route.
 */
export function RampReplacements({ kind, view }: { kind: RampKind; view: RampDetailView<Ramp> }) {
  const { ramp, customer, replacements, deposits } = view;
  const noun = kind === "onramps" ? "onramp" : "offramp";
  const rail = railLabel(REPLACEMENT_RAIL[kind]).toLowerCase();
  const who = customer?.name ?? ramp.customer_id ?? "the customer";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby="replacements-title" data-testid="ramp-replacements">
        <h2 id="replacements-title" className="text-base font-semibold">
          Replaced by funding accounts
        </h2>
        {ramp.customer_id ? (
          <>
            <p className="text-sm text-muted-foreground">
              New work for {who} uses funding accounts on the {rail} rail.{" "}
              <Link className="font-medium text-foreground underline underline-offset-4" href={replacementHref(kind, ramp.customer_id)}>
                See {who}&apos;s {rail} funding accounts
              </Link>
            </p>
            {replacements === null ? (
              <ReadError title="The funding accounts could not load" message="The provider did not answer for this part of the page." />
            ) : replacements.length === 0 ? (
              <p className="text-sm">{who} has no funding account on this rail yet.</p>
            ) : (
              <ul className="grid gap-2">
                {replacements.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center gap-2 text-sm">
                    <Link className={linkClass} href={`/funding-accounts/${a.id}`}>
                      {a.id.slice(0, 8)}
                      <span className="sr-only"> funding account {a.id}</span>
                    </Link>
                    <StatusBadge status={a.status} />
                    <span>{typeLabel(a.type)}</span>
                    <span className="text-muted-foreground">
                      created <DateTime value={a.created_at} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="text-sm">This {noun} names no customer, so no funding account can be matched to it.</p>
        )}
      </section>
      <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby="ramp-deposits-title" data-testid="ramp-deposits">
        <h2 id="ramp-deposits-title" className="text-base font-semibold">
          Deposits through this {noun}
        </h2>
        {deposits === null ? (
          <ReadError title="The deposits could not load" message="The provider did not answer for this part of the page." />
        ) : deposits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deposit came in through this {noun}.</p>
        ) : (
          <ul className="grid gap-2">
            {deposits.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2 text-sm">
                <Link className={linkClass} href={`/deposits/${d.id}`}>
                  {d.id.slice(0, 8)}
                  <span className="sr-only"> deposit {d.id}</span>
                </Link>
                <StatusBadge status={d.status} />
                <Amount value={d.amount} currency={d.currency} />
                <span className="text-muted-foreground">
                  <DateTime value={d.created_at} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
