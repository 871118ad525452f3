import { describe, expect, it } from "vitest";

import { NAV, navFor } from "@/lib/nav";
import { groupEntries, isApplePlatform, isPaletteShortcut, paletteEntries, shortcutLabel } from "@/components/shell/palette";
import { toShellNav } from "@/components/shell/shell-nav";

const key = (over: Partial<Parameters<typeof isPaletteShortcut>[0]>) => ({
  key: "k",
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...over,
});

describe("paletteEntries", () => {
  it("lists exactly the pages the role can see, in sidebar order", () => {
    const everyPage = NAV.flatMap((area) => area.items.map((item) => [area.title, item.title, item.href]));
    expect(paletteEntries(toShellNav(navFor("admin"))).map((e) => [e.group, e.title, e.href])).toEqual(everyPage);
    const viewerPages = navFor("viewer").flatMap((area) => area.items.map((item) => item.href));
    expect(paletteEntries(toShellNav(navFor("viewer"))).map((e) => e.href)).toEqual(viewerPages);
    expect(viewerPages).not.toContain("/settings/team");
  });

  it("carries the nav keywords so synonyms find a page", () => {
    const team = paletteEntries(toShellNav(NAV)).find((e) => e.href === "/settings/team");
    expect(team?.keywords).toEqual(expect.arrayContaining(["users", "invite"]));
  });

  it("gives every entry a unique value and drops a page listed twice", () => {
    const nav = toShellNav([...NAV, { title: "Shortcuts", items: [NAV[0].items[0]] }]);
    const entries = paletteEntries(nav);
    expect(entries.filter((e) => e.href === "/")).toHaveLength(1);
    expect(new Set(entries.map((e) => e.value)).size).toBe(entries.length);
  });

  it("groups entries by area in first-seen order", () => {
    const groups = groupEntries(paletteEntries(toShellNav(navFor("admin"))));
    expect(groups.map((g) => [g.group, g.entries.length])).toEqual(NAV.map((area) => [area.title, area.items.length]));
  });
});

describe("isPaletteShortcut", () => {
  it("accepts Ctrl-K and Cmd-K, with caps lock too", () => {
    expect(isPaletteShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true, key: "K" }))).toBe(true);
  });

  it("ignores K alone, other modifiers and other keys", () => {
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, key: "j" }))).toBe(false);
    expect(isPaletteShortcut({ ...key({ ctrlKey: true }), isComposing: true })).toBe(false);
  });
});

describe("shortcut label", () => {
  it("uses the Command symbol on Apple platforms and Ctrl elsewhere", () => {
    expect(isApplePlatform("MacIntel")).toBe(true);
    expect(isApplePlatform("", "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe(true);
    expect(isApplePlatform("Win32", "Mozilla/5.0 (Windows NT 10.0; Win64; x64)")).toBe(false);
    expect(isApplePlatform("Linux x86_64")).toBe(false);
    expect(shortcutLabel(true)).toEqual({ visual: "⌘K", spoken: "Command K" });
    expect(shortcutLabel(false)).toEqual({ visual: "Ctrl K", spoken: "Control K" });
  });
});
