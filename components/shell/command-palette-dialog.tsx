"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";

import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { groupEntries, paletteEntries } from "@/components/shell/palette";
import type { ShellNavArea } from "@/components/shell/types";

const THEMES = [
  { value: "light", label: "Light", icon: SunIcon },
  { value: "dark", label: "Dark", icon: MoonIcon },
  { value: "system", label: "System", icon: MonitorIcon },
] as const;

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
    <CommandDialog open={open} onOpenChange={onOpenChange} title="Search" description={description}>
      <CommandInput placeholder="Search pages and commands…" aria-label="Search pages and commands" />
      <CommandList>
        <CommandEmpty>Nothing matches. Try another word.</CommandEmpty>
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
