"use client";

import * as React from "react";

/**
 * A control whose code loads on first use: the shell's account, theme and environment menus and
 * small-screen navigation sheet, the forms' searchable selects. Every page shows their buttons,
 * few pages see them opened, and Radix's menu, dialog and positioning code (and cmdk) is most of
 * their weight.
 *
 * The page renders a plain button with these props. Pointing at it or focusing it fetches the
 * code; a click, Enter, Space or ArrowDown swaps the button for the real component, which mounts
 * open. The plain button stays until the code has arrived, so nothing blinks. `import()` rather
 * than next/dynamic for that reason: dynamic() renders its fallback while the chunk loads.
 */
export function useOnDemand<C>(load: () => Promise<C>) {
  const [loaded, setLoaded] = React.useState<{ component: C } | null>(null);
  const open = React.useCallback(() => {
    void load().then((component) => setLoaded({ component }));
  }, [load]);
  const preload = React.useCallback(() => void load(), [load]);
  const triggerProps = {
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
    onKeyDown: (event: React.KeyboardEvent) => {
      // Radix opens a menu on ArrowDown too; Enter and Space already click a button.
      if (event.key !== "ArrowDown") return;
      event.preventDefault();
      open();
    },
  } as const;
  return { Loaded: loaded?.component ?? null, triggerProps };
}
