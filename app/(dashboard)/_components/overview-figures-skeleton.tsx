import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/*
 * The overview's provider figures while they stream in. A server component (no client code) that
 * takes the exact place of what replaces it: the same grid items, cards and line heights (a
 * balance's title in text-sm is 20 px, the other titles 16 px, a description line 20 px, a figure
 * in text-2xl 32 px; measured at desktop width),
 * so the cards below do not jump when the figures arrive.
 */

function CardLines({ figure }: { figure: "balance" | "count" | "statuses" }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className={figure === "balance" ? "h-5 w-40" : "h-4 w-40"} />
        <Skeleton className="h-5 w-3/4" />
      </CardHeader>
      <CardContent className={figure === "balance" ? "grid gap-1" : undefined}>
        {figure === "statuses" ? (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              // A status link: p-3, a 32 px figure, a 16 px label and a 1 px border each side.
              <Skeleton key={i} className="h-[74px]" />
            ))}
          </div>
        ) : (
          <Skeleton className="h-8 w-40" />
        )}
        {figure === "balance" ? <Skeleton className="h-4 w-28" /> : null}
      </CardContent>
    </Card>
  );
}

export function OverviewFiguresSkeleton() {
  return (
    <>
      <div aria-busy="true" className="grid gap-3 md:col-span-2">
        <span className="sr-only">Loading balances and deposits…</span>
        {/* The "Balances" heading row: text-lg is 28 px high. */}
        <Skeleton className="h-7 w-32" />
        <div className="grid gap-4 md:grid-cols-3">
          <CardLines figure="balance" />
          <CardLines figure="balance" />
          <CardLines figure="balance" />
        </div>
      </div>
      <div aria-hidden="true" className="md:col-span-2">
        <CardLines figure="statuses" />
      </div>
      <div aria-hidden="true">
        <CardLines figure="count" />
      </div>
      <div aria-hidden="true">
        <CardLines figure="count" />
      </div>
    </>
  );
}
