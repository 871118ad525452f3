"use client";
import NextLink from "next/link";
import * as React from "react";

/**
 * Next's Link, prefetching the target when the pointer or keyboard focus reaches it rather than as
 * soon as it is on screen (Next's "hover-triggered prefetch" pattern). A dashboard page shows the
 * whole navigation and a row link per list entry: prefetching each on sight sent some 50 requests
 * during every page load, which the server rendered while the browser was hydrating, for pages
 * the person mostly never opens. Every link of the app goes through here (a test checks).
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: React.ComponentProps<typeof NextLink>) {
  const [wanted, setWanted] = React.useState(false);
  return (
    <NextLink
      {...props}
      prefetch={prefetch ?? (wanted ? null : false)}
      onMouseEnter={(e) => {
        setWanted(true);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        setWanted(true);
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        setWanted(true);
        onTouchStart?.(e);
      }}
    />
  );
}
