"use client";

import * as React from "react";

import { useOnDemand } from "@/components/page/on-demand";

type PressProps = Omit<ReturnType<typeof useOnDemand>["triggerProps"], "onKeyDown"> & { "aria-haspopup": "dialog" };

/**
 * A dialog opened by its own button, with the dialog's code (its form, Radix Dialog) fetched on
 * first use (components/page/on-demand.ts): the button renders alone; pressed, it is swapped for
 * the dialog's trigger (the same button, given as `trigger`) and the dialog mounts open. `load`
 * must be a module-level function.
 */
export function DialogOnDemand<P extends object>({
  load,
  button,
  props,
}: {
  load: () => Promise<React.ComponentType<P & { trigger: React.ReactNode }>>;
  /** The button; called with the props that fetch and open the dialog, or with none as the dialog's trigger. */
  button: (press: Partial<PressProps>) => React.ReactNode;
  props: P;
}) {
  const { Loaded: Dialog, triggerProps } = useOnDemand(load);
  if (Dialog) return <Dialog {...props} trigger={button({})} />;
  // A dialog's button opens on click (Enter and Space click a button), not on ArrowDown.
  const { onKeyDown: _, ...press } = triggerProps;
  return button({ ...press, "aria-haspopup": "dialog" });
}

/**
 * A dialog its caller opens (`open`), with its code fetched the first time it opens. Once loaded
 * it stays mounted, so it closes and hands focus back as before. `load` must be a module-level
 * function.
 */
export function ControlledDialogOnDemand<P extends { open: boolean }>({ load, props }: { load: () => Promise<React.ComponentType<P>>; props: P }) {
  const [Dialog, setDialog] = React.useState<React.ComponentType<P> | null>(null);
  React.useEffect(() => {
    if (props.open && !Dialog) void load().then((component) => setDialog(() => component));
  }, [props.open, Dialog, load]);
  return Dialog ? <Dialog {...props} /> : null;
}
