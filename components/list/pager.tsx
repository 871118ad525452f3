"use client";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/ui/link";

/** Where a Newer / Older control leads: a URL (a link, so the page can be shared) or a callback. */
export type PagerTarget = string | (() => void);

type Common = {
  /** Names the navigation landmark, e.g. "Transfer pages". */
  label: string;
  /** Singular and plural of what is counted, e.g. ["transfer", "transfers"]. */
  noun: [string, string];
};

/** A numbered list: `to(page)` is the target of a page (the list's serializer with the page, usually). */
export type NumberedPagerProps = Common & { page: number; pages: number; total: number; to: (page: number) => PagerTarget };

/** A list paged by the provider's cursor: the page's number as far as we know it, and what is shown. */
export type CursorPagerProps = Common & { number: number; shown: number; newer: PagerTarget | null; older: PagerTarget | null };

function Step({ target, children }: { target: PagerTarget; children: ReactNode }) {
  if (typeof target === "string") {
    return (
      <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={target} scroll={false}>
        {children}
      </Link>
    );
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={target}>
      {children}
    </Button>
  );
}

/**
 * The one pager of every list: newest first, so "Newer" goes back towards page 1 and "Older" on;
 * numbered lists say how many there are, cursor lists only whether more are older.
 */
export function Pager(props: NumberedPagerProps | CursorPagerProps) {
  const plural = (n: number) => (n === 1 ? props.noun[0] : props.noun[1]);
  let summary: string;
  let newer: PagerTarget | null;
  let older: PagerTarget | null;
  if ("pages" in props) {
    summary = `${props.total} ${plural(props.total)} · page ${props.page} of ${Math.max(props.pages, 1)}`;
    newer = props.page > 1 ? props.to(props.page - 1) : null;
    older = props.page < props.pages ? props.to(props.page + 1) : null;
  } else {
    summary = `Page ${props.number} · ${props.shown} ${plural(props.shown)}${props.older ? ", more on older pages" : ""}`;
    newer = props.newer;
    older = props.older;
  }
  return (
    <nav aria-label={props.label} className="flex items-center justify-between text-sm">
      <span className="text-muted-foreground">{summary}</span>
      <span className="flex gap-2">
        {newer !== null ? <Step target={newer}>Newer</Step> : null}
        {older !== null ? <Step target={older}>Older</Step> : null}
      </span>
    </nav>
  );
}
