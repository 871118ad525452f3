"use client";

import * as React from "react";
import dynamic from "next/dynamic";
import { SearchIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { isApplePlatform, isPaletteShortcut, shortcutLabel } from "@/components/shell/palette";
import type { ShellNavArea } from "@/components/shell/types";

const loadDialog = () => import("@/components/shell/command-palette-dialog");
// Every page has the palette's button, few open it: the list and cmdk load on first use.
const CommandPaletteDialog = dynamic(loadDialog, { ssr: false });

const noopSubscribe = () => () => {};

/** The platform is only known in the browser; the server renders the non-Apple label. */
function useAppleKeyboard(): boolean {
  return React.useSyncExternalStore(
    noopSubscribe,
    () => isApplePlatform(navigator.platform, navigator.userAgent),
    () => false,
  );
}

/** Ctrl/Cmd-K anywhere opens a searchable list of the pages this person may open, and finds records in the synced copy. */
function CommandPalette({ nav }: { nav: ShellNavArea[] }) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so closing animates and reopening is instant.
  const [used, setUsed] = React.useState(false);
  const apple = useAppleKeyboard();
  const shortcut = shortcutLabel(apple);

  const show = React.useCallback((next: boolean | ((was: boolean) => boolean)) => {
    setUsed(true);
    setOpen(next);
  }, []);

  React.useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      // Ctrl-K would otherwise move focus to the browser's address bar.
      event.preventDefault();
      show((wasOpen) => !wasOpen);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [show]);

  return (
    <>
      <Button
        variant="outline"
        size="sm-roomy"
        onClick={() => show(true)}
        // A pointer on the button or focus on it: fetch the list before the click.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        className="text-muted-foreground sm:w-56 sm:justify-start"
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
      {used ? (
        <CommandPaletteDialog
          nav={nav}
          open={open}
          onOpenChange={setOpen}
          description={`Go to a page, run a command, or find a record by its id, reference, account number, name or hash. ${shortcut.spoken} opens this from anywhere.`}
        />
      ) : null}
    </>
  );
}

export { CommandPalette };
