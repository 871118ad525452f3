"use client";
/**
 * `useAttemptKey(formId)`: the attempt key of one open form. It is kept in sessionStorage, so a page
 * reload (or a crash of the tab's page) resubmits under the same key, and renewed only after a
 * success the user has seen. Every failure keeps it: after a timeout the retry must be the same
 * attempt, and after a refusal the ledger gives the corrected submission a new provider key.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { newAttemptKey } from "./attempt-key";

const storageKey = (formId: string) => `merchant-ops:attempt:${formId}`;

function load(formId: string): string {
  try {
    const existing = window.sessionStorage.getItem(storageKey(formId));
    if (existing) return existing;
    const fresh = newAttemptKey();
    window.sessionStorage.setItem(storageKey(formId), fresh);
    return fresh;
  } catch {
    // Storage can be unavailable (private mode, quotas): the key still protects double clicks.
    return newAttemptKey();
  }
}

/** `null`: the form writes nothing that needs a key (its action takes none); nothing is stored. */
export function useAttemptKey(formId: string | null): { attemptKey: string; current: () => string; renew: () => void } {
  const ref = useRef<string>("");
  const [attemptKey, setAttemptKey] = useState("");

  useEffect(() => {
    if (formId === null) return;
    ref.current = load(formId);
    setAttemptKey(ref.current);
  }, [formId]);

  /** The key to submit with; made at once if the form is submitted before the effect ran. */
  const current = useCallback(() => {
    if (formId === null) return "";
    if (!ref.current) {
      ref.current = load(formId);
      setAttemptKey(ref.current);
    }
    return ref.current;
  }, [formId]);

  /** Call after a success: the next submission is a new attempt. */
  const renew = useCallback(() => {
    if (formId === null) return;
    try {
      window.sessionStorage.removeItem(storageKey(formId));
    } catch {
      // nothing stored
    }
    ref.current = load(formId);
    setAttemptKey(ref.current);
  }, [formId]);

  return { attemptKey, current, renew };
}
