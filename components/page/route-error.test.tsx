import fs from "node:fs";
import path from "node:path";
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

import { RouteError, retrySegment } from "./route-error";

const error = Object.assign(new Error("secret internals"), { digest: "d-123" });

describe("retrySegment (the error boundary's Try again)", () => {
  it("re-fetches the segment with Next's retry, not a bare reset", () => {
    const retry = vi.fn();
    const reset = vi.fn();
    const refresh = vi.fn();
    retrySegment({ retry, reset }, refresh);
    expect(retry).toHaveBeenCalledOnce();
    expect(reset).not.toHaveBeenCalled();
  });

  it("refreshes the server components along with the reset when retry is not given", () => {
    const calls: string[] = [];
    retrySegment({ reset: () => calls.push("reset") }, () => calls.push("refresh"));
    expect(calls).toEqual(["refresh", "reset"]);
  });
});

describe("RouteError", () => {
  it("shows the title, the reference and a Try again button, never the message", () => {
    const html = renderToStaticMarkup(<RouteError title="The deposits could not load" error={error} reset={() => undefined} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("The deposits could not load");
    expect(html).toContain("d-123");
    expect(html).toContain("Try again");
    expect(html).not.toContain("secret internals");
  });
});

/** Every error.tsx under app/, so a new boundary is held to the same rule. */
function errorBoundaries(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return errorBoundaries(p);
    return e.name === "error.tsx" ? [p] : [];
  });
}

describe("every route error boundary", () => {
  const files = errorBoundaries(path.join(import.meta.dirname, "../../app"));

  it("exists", () => expect(files.length).toBeGreaterThan(0));

  it.each(files.map((f) => [path.relative(path.join(import.meta.dirname, "../.."), f), f]))("%s hands Next's retry to RouteError", async (_name, file) => {
    const mod = (await import(/* @vite-ignore */ file)) as { default: (p: object) => React.ReactElement<{ retry?: unknown; reset?: unknown }> };
    const retry = () => undefined;
    const reset = () => undefined;
    const el = mod.default({ error, retry, reset });
    expect(el.type).toBe(RouteError);
    expect(el.props.retry).toBe(retry);
  });
});
