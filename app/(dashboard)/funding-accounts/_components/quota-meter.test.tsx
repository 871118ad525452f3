/**
 * The quota meter as the server paints it: the count in the finance team's format, the meter's
 * values for assistive technology, and the sentence for each level.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { quotaLevel, type QuotaUsage } from "@/lib/funding-accounts/quota";
import { QuotaMeter } from "./quota-meter";

const usage = (used: number): QuotaUsage => ({ used, limit: 1000, level: quotaLevel(used), day: "2026-03-01", resetsAt: new Date("2026-03-02T00:00:00Z") });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("QuotaMeter", () => {
  it("shows the day's count with no warning under 80 %", () => {
    const html = renderToStaticMarkup(<QuotaMeter usage={usage(312)} />);
    expect(text(html)).toContain("312 of 1,000 today");
    expect(html).toContain('data-level="ok"');
    expect(html).toContain('aria-valuenow="312"');
    expect(html).toContain('aria-valuetext="312 of 1,000"');
    expect(html).not.toContain("funding-quota-note");
  });

  it("warns from 80 % with how many are left", () => {
    const html = renderToStaticMarkup(<QuotaMeter usage={usage(850)} />);
    expect(html).toContain('data-level="warning"');
    expect(text(html)).toContain("85 % of today's limit is used: 150 more can be opened until midnight UTC.");
  });

  it("says at the limit that no more accounts are opened today", () => {
    const html = renderToStaticMarkup(<QuotaMeter usage={usage(1000)} />);
    expect(html).toContain('data-level="full"');
    expect(text(html)).toContain("1,000 of 1,000 today");
    expect(text(html)).toContain("Today's limit is reached: the app opens no more funding accounts until midnight UTC");
  });
});
