"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import { MonitorIcon, MoonIcon, SearchIcon, SunIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from "@/components/ui/command";
import { groupEntries, isApplePlatform, isPaletteShortcut, paletteEntries, shortcutLabel } from "@/components/shell/palette";
import type { ShellNavArea } from "@/components/shell/types";

const noopSubscribe = () => () => {};

/** The platform is only known in the browser; the server renders the non-Apple label. */
function useAppleKeyboard(): boolean {
  return React.useSyncExternalStore(
    noopSubscribe,
    () => isApplePlatform(navigator.platform, navigator.userAgent),
    () => false,
  );
}

const THEMES = [
  { value: "light", label: "Light", icon: SunIcon },
  { value: "dark", label: "Dark", icon: MoonIcon },
  { value: "system", label: "System", icon: MonitorIcon },
] as const;

/** Ctrl/Cmd-K anywhere opens a searchable list of the pages this person may open. */
function CommandPalette({ nav }: { nav: ShellNavArea[] }) {
  const [open, setOpen] = React.useState(false);
  const router = useRouter();
  const { setTheme } = useTheme();
  const apple = useAppleKeyboard();
  const shortcut = shortcutLabel(apple);

  const groups = React.useMemo(() => groupEntries(paletteEntries(nav)), [nav]);
  const icons = React.useMemo(() => {
    const map = new Map<string, React.ReactNode>();
    for (const area of nav) for (const item of area.items) if (!map.has(item.href)) map.set(item.href, item.icon);
    return map;
  }, [nav]);

  React.useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      // Ctrl-K would otherwise move focus to the browser's address bar.
      event.preventDefault();
      setOpen((wasOpen) => !wasOpen);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const run = React.useCallback((action: () => void) => {
    setOpen(false);
    action();
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="gap-2 text-muted-foreground sm:w-56 sm:justify-start"
      >
        <SearchIcon aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd
          aria-hidden="true"
          className="pointer-events-none ml-auto hidden h-5 items-center gap-1 rounded border bg-muted px-1.5 font-mono text-[0.7rem] font-medium text-muted-foreground select-none sm:inline-flex"
        >
          {shortcut.visual}
        </kbd>
      </Button>
      <CommandDialog
        open={open}
        onOpenChange={setOpen}
        title="Search"
        description={`Go to a page or run a command. ${shortcut.spoken} opens this from anywhere.`}
      >
        <CommandInput placeholder="Search pages and commands…" aria-label="Search pages and commands" />
        <CommandList>
          <CommandEmpty>Nothing matches. Try another word.</CommandEmpty>
          {groups.map(({ group, entries }) => (
            <CommandGroup key={group} heading={group}>
              {entries.map((entry) => (
                <CommandItem
                  key={entry.href}
                  value={entry.value}
                  keywords={entry.keywords}
                  onSelect={() => run(() => router.push(entry.href))}
                >
                  {icons.get(entry.href)}
                  <span>{entry.title}</span>
                </CommandItem>
              ))}
            </CommandGroup>
          ))}
          <CommandGroup heading="Theme">
            {THEMES.map(({ value, label, icon: Icon }) => (
              <CommandItem
                key={value}
                value={`Theme ${label}`}
                keywords={["appearance", "colour", "color", "mode"]}
                onSelect={() => run(() => setTheme(value))}
              >
                <Icon aria-hidden="true" />
                <span>{label} theme</span>
              </CommandItem>
            ))}
          </CommandGroup>
        </CommandList>
      </CommandDialog>
    </>
  );
}

export { CommandPalette };
