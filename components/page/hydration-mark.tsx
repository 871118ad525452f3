"use client";
import { useEffect, useRef } from "react";

/**
 * Marks the page's own section hydrated. It streams after the shell and hydrates once its scripts
 * are in, possibly after the shell said it was ready; browser tests wait for every mark before
 * typing, since a form's fields take their defaults when they hydrate and a value typed before is
 * overwritten.
 */
export function HydrationMark() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.dataset.hydrationMark = "done";
  }, []);
  return <span ref={ref} hidden data-hydration-mark="" />;
}
