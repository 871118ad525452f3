"use client";

import { cn } from "@/lib/utils";
import { useLive } from "@/components/live/live-provider";

/** Whether this page updates by itself right now, in the top bar. */
export function LiveIndicator({ className }: { className?: string }) {
  const { mode, fallbackIntervalMs } = useLive();
  const seconds = Math.round(fallbackIntervalMs / 1000);
  const text = mode === "live" ? "Live" : mode === "connecting" ? "Connecting…" : `Reconnecting — updating every ${seconds} s`;
  return (
    <div
      role="status"
      aria-label="Live updates"
      data-mode={mode}
      data-testid="live-indicator"
      className={cn("flex items-center gap-1.5 rounded-md px-2 text-xs whitespace-nowrap text-muted-foreground", className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 shrink-0 rounded-full",
          mode === "live" && "bg-success",
          mode === "connecting" && "animate-pulse bg-muted-foreground",
          mode === "polling" && "bg-warning",
        )}
      />
      <span className={cn(mode === "polling" && "max-w-40 truncate sm:max-w-none")}>{text}</span>
    </div>
  );
}
