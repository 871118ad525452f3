/**
 * How a page reads from the provider: the data, or the problem it shows instead. The provider's
 * typed error becomes the sentence the upstream client wrote (with what a page may say more: the
 * kind, whether a retry can help, a missing scope); any other error is a bug and is thrown on to
 * the route's error boundary, unless the page renders something for every failure (`unexpected`).
 */
import "server-only";
import { log } from "@/lib/log";
import { type Scope, UpstreamError, type UpstreamErrorKind } from "./errors";

export interface Problem {
  ok: false;
  /** The sentence a finance user sees. */
  message: string;
  /** `internal` only for an error the provider did not cause, with `unexpected` given. */
  kind: UpstreamErrorKind | "internal";
  retryable: boolean;
  missingScope: Scope | null;
}

export type ReadOrProblem<T> = { ok: true; data: T } | Problem;

export interface ReadOptions {
  /** For a detail page: the provider has no such record, so the page answers 404 (`notFound` from next/navigation). */
  notFound?: () => never;
  /** For a part that must render whatever fails: any other error is logged as `log` and shown as `message`. */
  unexpected?: { message: string; log: string };
}

export async function readOrProblem<T>(read: Promise<T>, options: ReadOptions = {}): Promise<ReadOrProblem<T>> {
  try {
    return { ok: true, data: await read };
  } catch (err) {
    if (err instanceof UpstreamError) {
      if (err.kind === "not_found" && options.notFound) options.notFound();
      return { ok: false, message: err.userMessage, kind: err.kind, retryable: err.retryable, missingScope: err.missingScope };
    }
    if (!options.unexpected) throw err;
    log.error({ err }, options.unexpected.log);
    return { ok: false, message: options.unexpected.message, kind: "internal", retryable: true, missingScope: null };
  }
}
