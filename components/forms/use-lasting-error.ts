"use client";
import * as React from "react";
import { toast } from "@/components/ui/toast";

/**
 * An error shown in a dialog that can leave the page while its action runs (another approver's
 * decision takes the row, and the dialog with it, off the list): a refusal that arrives after the
 * dialog is gone, or is still unread when it goes, becomes a toast instead of vanishing.
 */
export function useLastingError(): [error: string | null, show: (message: string | null) => void] {
  const [error, setError] = React.useState<string | null>(null);
  const mounted = React.useRef(false);
  const unread = React.useRef<string | null>(null);
  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (unread.current) toast.error(unread.current);
    };
  }, []);
  const show = React.useCallback((message: string | null) => {
    unread.current = message;
    if (message && !mounted.current) toast.error(message);
    else setError(message);
  }, []);
  return [error, show];
}
