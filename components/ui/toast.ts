"use client";

import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning";

/**
 * sonner's `toast.success/error/info/warning`, with sonner fetched when the first toast is shown
 * rather than shipped with every page that might show one (about 10 KiB compressed). The toaster
 * itself mounts at the first input (components/providers.tsx) and shows toasts raised before it.
 * The calls return nothing: no caller updates or dismisses a toast by id.
 */
let sonner: Promise<typeof import("sonner")> | undefined;

function show(kind: Kind, message: string, options?: ExternalToast): void {
  // One shared promise: toasts raised while sonner is loading keep their order.
  sonner ??= import("sonner");
  void sonner.then(({ toast }) => {
    toast[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
};
