import { describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { errorFromResponse, noKeyError, type OperationInfo } from "./errors";
import { readOrProblem } from "./read-or-problem";

const op: OperationInfo = { surface: "core", environment: "sandbox", method: "GET", path: "/transfers/t1" };
const answer = (status: number, code: string, message = "x") => errorFromResponse({ op, status, body: { error: { code, message } }, requestId: null });
class NotFoundSignal extends Error {}
const notFound = (): never => {
  throw new NotFoundSignal();
};

describe("readOrProblem", () => {
  it("passes the data through", async () => {
    expect(await readOrProblem(Promise.resolve({ rows: [1] }))).toEqual({ ok: true, data: { rows: [1] } });
  });

  it("turns the provider's error into its user sentence, with what a page may show more", async () => {
    const down = answer(503, "UNAVAILABLE");
    expect(await readOrProblem(Promise.reject(down))).toEqual({
      ok: false,
      message: down.userMessage,
      kind: "unavailable",
      retryable: true,
      missingScope: null,
    });
    const scope = answer(403, "FORBIDDEN");
    expect(await readOrProblem(Promise.reject(scope))).toMatchObject({ ok: false, message: scope.userMessage, kind: "missing_scope", missingScope: "Read" });
    const frozen = answer(403, "MERCHANT_FROZEN");
    expect(await readOrProblem(Promise.reject(frozen))).toMatchObject({ ok: false, kind: "frozen", retryable: false });
    const noKey = noKeyError("coins", "production");
    expect(await readOrProblem(Promise.reject(noKey))).toMatchObject({ ok: false, message: noKey.userMessage, kind: "no_key" });
  });

  it("rethrows any other error, so a bug reaches the route's error boundary", async () => {
    const bug = new TypeError("cannot read x of undefined");
    await expect(readOrProblem(Promise.reject(bug))).rejects.toBe(bug);
  });

  it("a missing record calls notFound when the page gives it, and is a problem otherwise", async () => {
    const missing = answer(404, "NOT_FOUND");
    await expect(readOrProblem(Promise.reject(missing), { notFound })).rejects.toBeInstanceOf(NotFoundSignal);
    expect(await readOrProblem(Promise.reject(missing))).toMatchObject({ ok: false, kind: "not_found", message: missing.userMessage });
    // Other failures of a detail page are still shown, not turned into a 404.
    expect(await readOrProblem(Promise.reject(answer(503, "UNAVAILABLE")), { notFound })).toMatchObject({ ok: false, kind: "unavailable" });
  });

  it("with `unexpected`, any other error is logged and shown as the page's own sentence", async () => {
    const spy = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const bug = new Error("boom");
    const r = await readOrProblem(Promise.reject(bug), { unexpected: { message: "The chart could not be built.", log: "chart failed" } });
    expect(r).toEqual({ ok: false, message: "The chart could not be built.", kind: "internal", retryable: true, missingScope: null });
    expect(spy).toHaveBeenCalledWith({ err: bug }, "chart failed");
    // The provider's own sentence still wins over the page's.
    const down = answer(503, "UNAVAILABLE");
    expect(await readOrProblem(Promise.reject(down), { unexpected: { message: "nope", log: "x" } })).toMatchObject({ message: down.userMessage });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
