"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";

import { defaultFilter } from "cmdk";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { useCopySearch } from "@/components/list/use-copy-search";
import { groupEntries, paletteEntries } from "@/components/shell/palette";
import type { ShellNavArea } from "@/components/shell/types";

const THEMES = [
  { value: "light", label: "Light", icon: SunIcon },
  { value: "dark", label: "Dark", icon: MoonIcon },
  { value: "system", label: "System", icon: MonitorIcon },
] as const;

/** Objects found in the copy were matched on the server: cmdk keeps them as they are, first. */
const OBJECT = "object:";
const filter = (value: string, search: string, keywords?: string[]) => (value.startsWith(OBJECT) ? 1 : defaultFilter(value, search, keywords));

/** The palette's searchable list (cmdk), in its own chunk: loaded when the palette first opens. */
export default function CommandPaletteDialog({
  nav,
  open,
  onOpenChange,
  description,
}: {
  nav: ShellNavArea[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
}) {
  const router = useRouter();
  const { setTheme } = useTheme();
  const [query, setQuery] = React.useState("");
  const search = useCopySearch(open ? query : "");
  const hits = search.answer?.groups.reduce((n, g) => n + g.hits.length, 0) ?? 0;

  const groups = React.useMemo(() => groupEntries(paletteEntries(nav)), [nav]);
  const icons = React.useMemo(() => {
    const map = new Map<string, React.ReactNode>();
    for (const area of nav) for (const item of area.items) if (!map.has(item.href)) map.set(item.href, item.icon);
    return map;
  }, [nav]);

  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };

  return (
    <CommandDialog open={open} onOpenChange={onOpenChange} title="Search" description={description} commandProps={{ filter }}>
      <CommandInput
        placeholder="Search pages, commands, ids, hashes, names…"
        aria-label="Search pages, commands and the synced records"
        value={query}
        onValueChange={setQuery}
      />
      <CommandList>
        <CommandEmpty>Nothing matches. Try another word.</CommandEmpty>
        {search.state !== "idle" ? (
          <p role="status" data-testid="palette-search-status" className="px-4 pt-2 text-xs text-muted-foreground">
            {search.state === "failed"
              ? search.error
              : search.state === "searching"
                ? "Searching the synced records…"
                : hits === 0
                  ? "No results in the synced records."
                  : `${hits} ${hits === 1 ? "record" : "records"} found.`}
          </p>
        ) : null}
        {search.answer?.groups.map((group) => (
          <CommandGroup key={group.kind} heading={group.heading}>
            {group.hits.map((hit) => (
              <CommandItem key={hit.href + hit.id} value={`${OBJECT}${hit.kind}:${hit.id}`} onSelect={() => run(() => router.push(hit.href))}>
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-mono text-xs">{hit.title}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[hit.matched ? `matched ${hit.matched}` : null, hit.detail].filter(Boolean).join(" · ")}
                  </span>
                </span>
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
        {groups.map(({ group, entries }) => (
          <CommandGroup key={group} heading={group}>
            {entries.map((entry) => (
              <CommandItem key={entry.href} value={entry.value} keywords={entry.keywords} onSelect={() => run(() => router.push(entry.href))}>
                {icons.get(entry.href)}
                <span>{entry.title}</span>
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
        <CommandGroup heading="Theme">
          {THEMES.map(({ value, label, icon: Icon }) => (
            <CommandItem key={value} value={`Theme ${label}`} keywords={["appearance", "colour", "color", "mode"]} onSelect={() => run(() => setTheme(value))}>
              <Icon aria-hidden="true" />
              <span>{label} theme</span>
            </CommandItem>
          ))}
        </CommandGroup>
      </CommandList>
    </CommandDialog>
  );
}
