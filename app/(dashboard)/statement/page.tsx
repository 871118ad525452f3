import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page/page-header";
import { ReadError } from "@/components/page/read-error";
import { copyBeingChecked } from "@/lib/ledger/page-read";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { buttonVariants } from "@/components/ui/button";
import { ExportLink } from "@/components/list/export-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { requirePagePermission } from "@/lib/auth/session";
import { formatDateTime, formatZoneLabel } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { isFlagged, LINE_LABEL, MOVEMENT_LINES, orderCurrencies, type StatementDay } from "@/lib/statement/compute";
import { statementRange } from "@/lib/statement/days";
import { loadStatementFilters, serializeStatementFilters } from "@/lib/statement/filters";
import { type Candidate, DAY_DETAIL_LIMIT, loadStatement, readDayEntries } from "@/lib/statement/read";
import { GAP_LABEL, readReviewReconciliation } from "@/lib/statement/review";
import { endOfDayIn, startOfDayIn } from "@/lib/time-zone/days";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { dayLabel, StatementChart } from "./_components/statement-chart";

export const metadata: Metadata = { title: "Statement" };

/** Where a kind's objects open; balance moves have no page of their own. */
const DETAIL_HREF: Record<string, (id: string) => string> = {
  deposit: (id) => `/deposits/${encodeURIComponent(id)}`,
  transfer: (id) => `/transfers/${encodeURIComponent(id)}`,
  withdrawal: (id) => `/withdrawals/${encodeURIComponent(id)}`,
};
const KIND_LABEL: Record<string, string> = { deposit: "Deposit", transfer: "Transfer", withdrawal: "Withdrawal", balance_move: "Balance move" };
const REASON_LABEL: Record<Candidate["reason"], string> = {
  pending: "Still pending",
  failed_after_completion: "Failed or reversed after an event said it completed",
  missing_from_copy: "Named by the provider's events, missing from the copy",
};

function ObjectRef({ kind, id }: { kind: string; id: string }) {
  const href = DETAIL_HREF[kind]?.(id);
  const text = (
    <>
      {KIND_LABEL[kind] ?? kind} <span className="font-mono text-xs">{id}</span>
    </>
  );
  return href ? (
    <Link href={href} className="underline-offset-4 hover:underline">
      {text}
    </Link>
  ) : (
    <span>{text}</span>
  );
}

const signed = (amount: string, currency: string) => (amount === "0" ? "—" : formatMoney(amount, currency));

export default async function StatementPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const { zone } = await viewerTimeZone(me);
  const filters = await loadStatementFilters(searchParams);
  const range = statementRange(filters, zone);
  const scope = { organizationId: me.organizationId, environment: me.environment };
  const day = filters.day && range.days.includes(filters.day) ? filters.day : null;
  // A new core key's account not yet checked: the copy may still be the old account's.
  const checking = await copyBeingChecked(scope, "core", "The statement is");
  if (checking) {
    return (
      <>
        <PageHeader title="Statement" />
        <ReadError title="The statement could not load" message={checking.userMessage} />
      </>
    );
  }
  const [statement, review, detail] = await Promise.all([
    loadStatement(scope, range, zone),
    readReviewReconciliation(scope),
    day ? readDayEntries(scope, startOfDayIn(day, zone), endOfDayIn(day, zone)) : Promise.resolve(null),
  ]);
  const currencies = orderCurrencies(statement.days.map((d) => d.currency));
  const byCurrency = (c: string) => statement.days.filter((d) => d.currency === c);
  const flagged = statement.days.filter(isFlagged);
  const flaggedCurrencies = orderCurrencies(flagged.map((d) => d.currency));
  const rangeQuery = { from: range.from, to: range.to };
  const exportHref = serializeStatementFilters("/api/statement/export", rangeQuery);
  const dayHref = (d: string) => `${serializeStatementFilters("/statement", { ...rangeQuery, day: d })}#day-detail`;
  const zoneLabel = `${zone} (${formatZoneLabel(zone)})`;

  return (
    <>
      <PageHeader
        title="Statement"
        description={`Each day's balances in the ${me.environment === "production" ? "production" : "sandbox"} environment, worked out from the local copy of the provider's objects and set beside the provider's own balance.`}
      />
      <div className="grid gap-6">
        <form method="get" action="/statement" className="flex flex-wrap items-end gap-3" aria-label="Statement range" data-testid="statement-range">
          <div className="grid gap-1.5">
            <Label htmlFor="statement-from">From</Label>
            <Input id="statement-from" type="date" name="from" defaultValue={range.from} max={range.today} width="w-44" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="statement-to">To</Label>
            <Input id="statement-to" type="date" name="to" defaultValue={range.to} max={range.today} width="w-44" />
          </div>
          <button type="submit" className={buttonVariants({ variant: "default" })}>
            Show
          </button>
          <p className="text-sm text-muted-foreground" data-testid="statement-zone">
            Days run midnight to midnight in {zoneLabel}.
          </p>
          <ExportLink href={exportHref} testId="statement-export" />
        </form>

        {range.adjusted ? <p className="text-sm text-muted-foreground">{range.adjusted}</p> : null}

        <Alert>
          <AlertTitle>How the provider&apos;s balance is compared</AlertTitle>
          <AlertDescription>
            The provider keeps no balance history: it answers only today&apos;s balance. Today is compared with that balance as read now (reused for up to 30
            seconds); a past day is compared with the next day&apos;s opening, worked back from today&apos;s balance through the objects the copy holds since.
            So a difference shows on every day from the first object that explains it; the objects listed under Differences are the ones to look at.
            {statement.live.ok ? ` Balance read ${formatDateTime(statement.live.fetchedAt, zone)}.` : null}
          </AlertDescription>
        </Alert>
        {statement.live.ok ? null : (
          <Alert variant="warning" data-testid="statement-live-error">
            <AlertTitle>The provider&apos;s balance is not shown</AlertTitle>
            <AlertDescription>{statement.live.message} Without it nothing can be compared; the figures from the copy are complete.</AlertDescription>
          </Alert>
        )}

        {currencies.map((c) => (
          <Card key={c} data-testid={`statement-currency-${c}`}>
            <CardHeader>
              <CardTitle>
                <h2>{c}</h2>
              </CardTitle>
              <CardDescription>
                {dayLabel(range.from)} to {dayLabel(range.to)}
                {c === "USD" ? ": the collection and withdrawal balances together (balance moves go from one to the other)." : "."}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <StatementChart currency={c} days={byCurrency(c)} />
              <StatementTable currency={c} days={byCurrency(c)} dayHref={dayHref} selected={day} />
            </CardContent>
          </Card>
        ))}

        <section className="grid gap-3" aria-labelledby="differences-heading" data-testid="statement-differences">
          <h2 id="differences-heading" className="text-lg font-semibold">
            Differences
          </h2>
          {!statement.live.ok ? (
            <p className="text-sm text-muted-foreground">Nothing can be compared while the provider&apos;s balance cannot be read.</p>
          ) : flagged.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every day of the range matches the provider&apos;s balance.</p>
          ) : (
            <>
              <ul className="grid gap-1 text-sm">
                {flaggedCurrencies.map((c) => {
                  const days = flagged.filter((d) => d.currency === c);
                  const lastDay = days[days.length - 1]!;
                  return (
                    <li key={c}>
                      <strong>{c}</strong>: the copy&apos;s closing balance differs from the provider&apos;s on {days.length} of {range.days.length} days, by{" "}
                      {formatMoney(lastDay.difference, c)} on {dayLabel(lastDay.day)} (copy minus provider).
                    </li>
                  );
                })}
              </ul>
              {statement.candidates.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No object of the range is pending, failed after completing, or missing from the copy: the difference comes from before the range.
                </p>
              ) : (
                <Table aria-label="Objects that could explain the difference">
                  <ObjectsHeader first="Why" zone={zone} />
                  <TableBody>
                    {statement.candidates.map((k) => (
                      <TableRow key={`${k.reason}-${k.kind}-${k.id}`} data-testid="statement-candidate" data-reason={k.reason}>
                        <TableCell>{REASON_LABEL[k.reason]}</TableCell>
                        <TableCell>
                          <ObjectRef kind={k.kind} id={k.id} />
                        </TableCell>
                        <TableCell>{k.status ?? "—"}</TableCell>
                        <TableCell className="text-right tabular-nums">{k.amount && k.currency ? formatMoney(k.amount, k.currency) : "—"}</TableCell>
                        <TableCell className="whitespace-nowrap">{formatDateTime(k.at, zone)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </>
          )}
        </section>

        {day && detail ? (
          <section className="grid gap-3" aria-labelledby="day-detail-heading" id="day-detail" data-testid="statement-day-detail">
            <h2 id="day-detail-heading" className="text-lg font-semibold">
              Objects of {dayLabel(day)}
            </h2>
            {detail.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">No object moved a balance on this day.</p>
            ) : (
              <Table aria-label={`Objects of ${dayLabel(day)}, by line`}>
                <ObjectsHeader first="Line" zone={zone} />
                <TableBody>
                  {MOVEMENT_LINES.flatMap((line) =>
                    detail.entries
                      .filter((e) => e.line === line)
                      .map((e, i) => (
                        <TableRow key={`${line}-${e.kind}-${e.id}-${i}`} data-testid="statement-day-entry">
                          <TableCell>{LINE_LABEL[line]}</TableCell>
                          <TableCell>
                            <ObjectRef kind={e.kind} id={e.id} />
                          </TableCell>
                          <TableCell>{e.status ?? "—"}</TableCell>
                          <TableCell className="text-right tabular-nums">{formatMoney(e.amount, e.currency)}</TableCell>
                          <TableCell className="whitespace-nowrap">{formatDateTime(e.at, zone)}</TableCell>
                        </TableRow>
                      )),
                  )}
                </TableBody>
              </Table>
            )}
            {detail.more ? <p className="text-sm text-muted-foreground">Only the first {DAY_DETAIL_LIMIT} entries of the day are listed.</p> : null}
          </section>
        ) : null}

        <section className="grid gap-3" aria-labelledby="review-heading" data-testid="statement-review">
          <h2 id="review-heading" className="text-lg font-semibold">
            Review reconciliation
          </h2>
          <p className="text-sm text-muted-foreground">
            {review.flaggedDeposits} flagged deposit{review.flaggedDeposits === 1 ? "" : "s"} and {review.creditDecisions} final &quot;credit the customer&quot;
            decision{review.creditDecisions === 1 ? "" : "s"} in this environment. Every flagged deposit needs a decision, and every credit must be delivered to
            and acknowledged by the merchant&apos;s systems.
          </p>
          {review.gaps.length === 0 ? (
            <p className="text-sm" data-testid="statement-review-clear">
              Nothing is open: every flagged deposit has a decision and every credit was acknowledged.
            </p>
          ) : (
            <Table aria-label="Review decisions and credits still open">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">What is open</TableHead>
                  <TableHead scope="col">Deposit</TableHead>
                  <TableHead scope="col">Status</TableHead>
                  <TableHead scope="col" align="right">
                    Amount
                  </TableHead>
                  <TableHead scope="col">Delivery</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {review.gaps.map((g) => (
                  <TableRow key={`${g.gap}-${g.depositId}-${g.decisionId ?? ""}`} data-testid="statement-review-gap" data-gap={g.gap}>
                    <TableCell>{GAP_LABEL[g.gap]}</TableCell>
                    <TableCell>
                      <ObjectRef kind="deposit" id={g.depositId} />
                    </TableCell>
                    <TableCell>{g.depositStatus ?? "not in the copy"}</TableCell>
                    <TableCell className="text-right tabular-nums">{g.amount && g.currency ? formatMoney(g.amount, g.currency) : "—"}</TableCell>
                    <TableCell>
                      {g.gap !== "credit_not_delivered"
                        ? "—"
                        : g.delivery
                          ? `${g.delivery.status}, ${g.delivery.attempts} attempt${g.delivery.attempts === 1 ? "" : "s"}${g.delivery.lastError ? `: ${g.delivery.lastError}` : ""}`
                          : "never queued (no outbound webhook set?)"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </section>
      </div>
    </>
  );
}

function StatementTable({
  currency,
  days,
  dayHref,
  selected,
}: {
  currency: string;
  days: readonly StatementDay[];
  dayHref: (day: string) => string;
  selected: string | null;
}) {
  return (
    <Table aria-label={`Statement in ${currency}, one row per day`} data-testid={`statement-table-${currency}`}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Day</TableHead>
          <TableHead scope="col" align="right">
            Opening
          </TableHead>
          {MOVEMENT_LINES.map((l) => (
            <TableHead key={l} scope="col" align="right">
              {LINE_LABEL[l]}
            </TableHead>
          ))}
          <TableHead scope="col" align="right">
            Closing
          </TableHead>
          <TableHead scope="col" align="right">
            Provider
          </TableHead>
          <TableHead scope="col" align="right">
            Difference
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {days.map((d) => (
          <TableRow key={d.day} data-testid="statement-day" data-day={d.day} data-flagged={isFlagged(d)} aria-current={d.day === selected ? "true" : undefined}>
            <TableHead scope="row" weight="normal">
              <Link href={dayHref(d.day)} className="underline underline-offset-4" aria-label={`Objects of ${dayLabel(d.day)} in ${currency}`}>
                {dayLabel(d.day)}
              </Link>
            </TableHead>
            <TableCell className="text-right tabular-nums">{formatMoney(d.opening, currency)}</TableCell>
            {MOVEMENT_LINES.map((l) => (
              <TableCell key={l} className="text-right tabular-nums">
                {signed(d.lines[l], currency)}
              </TableCell>
            ))}
            <TableCell className="text-right font-medium tabular-nums">{formatMoney(d.closing, currency)}</TableCell>
            <TableCell
              className="text-right tabular-nums"
              title={d.reportedFrom === "live" ? "Read live" : d.reportedFrom ? "The next day's opening" : undefined}
            >
              {formatMoney(d.reported, currency)}
              {d.reportedFrom === "next_opening" ? <span className="sr-only"> (the next day&apos;s opening)</span> : null}
            </TableCell>
            <TableCell className={`text-right tabular-nums ${isFlagged(d) ? "font-medium text-destructive" : ""}`}>
              {d.difference === null ? "—" : isFlagged(d) ? formatMoney(d.difference, currency) : "None"}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The columns of both object tables (a difference's candidates, a day's objects); only the first differs. */
function ObjectsHeader({ first, zone }: { first: string; zone: string }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead scope="col">{first}</TableHead>
        <TableHead scope="col">Object</TableHead>
        <TableHead scope="col">Status</TableHead>
        <TableHead scope="col" align="right">
          Amount
        </TableHead>
        <TableHead scope="col">When ({formatZoneLabel(zone)})</TableHead>
      </TableRow>
    </TableHeader>
  );
}
