import type { ShellNavArea } from "@/components/shell/types";

export type PaletteEntry = {
  /** Unique per entry; cmdk matches the query against it and the keywords. */
  value: string;
  group: string;
  title: string;
  href: string;
  keywords: string[];
};

/** One entry per visible link, grouped by area, in sidebar order. */
export function paletteEntries(nav: readonly ShellNavArea[]): PaletteEntry[] {
  const seen = new Set<string>();
  const entries: PaletteEntry[] = [];
  for (const area of nav) {
    for (const item of area.items) {
      // The same page listed twice would be two identical rows; keep the first.
      if (seen.has(item.href)) continue;
      seen.add(item.href);
      entries.push({
        value: `${area.title} ${item.title} ${item.href}`,
        group: area.title,
        title: item.title,
        href: item.href,
        keywords: [...(item.keywords ?? [])],
      });
    }
  }
  return entries;
}

/** Entries grouped for rendering, keeping first-seen group order. */
export function groupEntries(entries: readonly PaletteEntry[]): Array<{ group: string; entries: PaletteEntry[] }> {
  const groups = new Map<string, PaletteEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, entries: list }));
}

type KeyLike = Pick<KeyboardEvent, "key" | "metaKey" | "ctrlKey" | "altKey" | "shiftKey"> & { isComposing?: boolean };

/** Cmd-K on Apple keyboards, Ctrl-K elsewhere; either is accepted everywhere. */
export function isPaletteShortcut(event: KeyLike): boolean {
  if (event.isComposing) return false;
  if (event.altKey || event.shiftKey) return false;
  if (!(event.metaKey || event.ctrlKey)) return false;
  return event.key.toLowerCase() === "k";
}

/** Apple platforms label the shortcut with the Command symbol. */
export function isApplePlatform(platform: string | undefined, userAgent = ""): boolean {
  const source = `${platform ?? ""} ${userAgent}`;
  return /mac|iphone|ipad|ipod/i.test(source);
}

export function shortcutLabel(apple: boolean): { visual: string; spoken: string } {
  return apple ? { visual: "⌘K", spoken: "Command K" } : { visual: "Ctrl K", spoken: "Control K" };
}
