"use client";
import Link from "next/link";
import { parseAsString, useQueryState } from "nuqs";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { useCopySearch } from "@/components/list/use-copy-search";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SEARCH_MAX_LENGTH, searchKind } from "@/lib/ledger/search-kinds";

/**
 * A list's box for finding one of its records in the synced copy by id, reference, account number,
 * name or hash: the matches open as links under the box. The text lives in the URL as `find`
 * (shallow: the list itself does not reload), so a link can open the list with the matches shown.
 * Not `q`: the recipients list already filters the provider's answer by its own `q`. Two lists on
 * one page each pass their own `param`, so one box's text does not appear in the other.
 */
export function ListSearch({ kind, param = "find" }: { kind: string; param?: string }) {
  const id = useId();
  const [find, setFind] = useQueryState(param, parseAsString.withDefault("").withOptions({ shallow: true, throttleMs: 300 }));
  const [open, setOpen] = useState(true);
  const search = useCopySearch(find, kind);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const heading = searchKind(kind)?.heading.toLowerCase() ?? "records";
  const hits = search.answer?.groups.flatMap((g) => g.hits) ?? [];
  const shown = open && find.trim() !== "";

  // Arrow keys walk the input and the result links; Escape closes the results and returns to the box.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape" && shown) {
      e.preventDefault();
      setOpen(false);
      input.current?.focus();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const links = [...(panel.current?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? [])];
    if (links.length === 0) return;
    e.preventDefault();
    setOpen(true);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === "ArrowDown") links[Math.min(links.length - 1, at + 1)]?.focus();
    else if (at <= 0) input.current?.focus();
    else links[at - 1]?.focus();
  };

  return (
    <div
      className="relative grid gap-1.5"
      role="search"
      aria-label={`Find ${heading} in the synced copy`}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Label htmlFor={id}>Find</Label>
      <Input
        ref={input}
        id={id}
        type="search"
        width="w-72"
        placeholder="Id, reference, account, name, hash"
        aria-describedby={`${id}-status`}
        aria-controls={`${id}-results`}
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        value={find}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setOpen(true);
          void setFind(e.target.value || null);
        }}
      />
      <div
        ref={panel}
        id={`${id}-results`}
        data-testid="list-search-results"
        hidden={!shown}
        className="absolute top-full left-0 z-30 mt-1 w-[28rem] max-w-[90vw] rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        <p id={`${id}-status`} role="status" className="px-2 py-1 text-xs text-muted-foreground">
          {!shown
            ? ""
            : search.state === "failed"
              ? search.error
              : search.state === "searching" && hits.length === 0
                ? "Searching…"
                : hits.length === 0
                  ? `No ${heading} match.`
                  : `${hits.length} ${hits.length === 1 ? "match" : "matches"} in the synced ${heading}.`}
        </p>
        {hits.length > 0 ? (
          <ul aria-label={`Matching ${heading}`}>
            {hits.map((hit) => (
              <li key={hit.href + hit.id}>
                <Link
                  href={hit.href}
                  className="flex flex-col rounded-sm px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="truncate font-mono text-xs">{hit.title}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[hit.matched ? `matched ${hit.matched}` : null, hit.detail].filter(Boolean).join(" · ")}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
