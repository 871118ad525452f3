import { describe, expect, it } from "vitest";

import { can, ROLES } from "@/lib/auth/permissions";
import { activeHref, matchesHref, NAV, navFor, type NavArea } from "@/lib/nav";

const hrefs = (areas: NavArea[]) => areas.flatMap((area) => area.items.map((item) => item.href));
const titles = (areas: NavArea[]) => areas.map((area) => area.title);

// Derived from NAV and the permission table, so adding a page never needs these tests changed.
describe("navFor", () => {
  it.each(ROLES)("shows a %s exactly the pages its permissions open, in sidebar order", (role) => {
    const expected = NAV.flatMap((area) => area.items.filter((item) => can(role, item.permission)).map((item) => item.href));
    expect(hrefs(navFor(role))).toEqual(expected);
  });

  it("shows a viewer only the read-only settings page (settlement destination) and their own notification and time-zone choices", () => {
    const nav = navFor("viewer");
    expect(hrefs(nav)).toContain("/");
    expect(hrefs(nav).filter((h) => h.startsWith("/settings"))).toEqual(["/settings/settlement", "/settings/notifications", "/settings/time-zone"]);
  });

  it("shows an admin every page", () => {
    expect(hrefs(navFor("admin"))).toEqual(hrefs(NAV));
    expect(titles(navFor("admin"))).toEqual(titles(NAV));
  });

  it("hides team and audit from operators and approvers", () => {
    for (const role of ["operator", "approver"] as const) {
      expect(hrefs(navFor(role))).not.toContain("/settings/team");
      expect(hrefs(navFor(role))).not.toContain("/settings/audit");
    }
  });

  it("gives every role at least one page and never an empty area", () => {
    for (const role of ROLES) {
      const nav = navFor(role);
      expect(nav.length).toBeGreaterThan(0);
      expect(nav.every((area) => area.items.length > 0)).toBe(true);
    }
  });

  it("denies an unknown role everything", () => {
    // Roles arrive from the session at run time; a value outside the table must see nothing.
    expect(navFor("owner" as never)).toEqual([]);
  });

  it("filters a custom nav by each item's own permission and does not mutate it", () => {
    const custom: NavArea[] = [
      {
        title: "Money",
        items: [
          { title: "Balances", href: "/balances", icon: NAV[0].items[0].icon, permission: "data:read" },
          { title: "Transfers", href: "/transfers/new", icon: NAV[0].items[0].icon, permission: "transfer:create" },
        ],
      },
    ];
    expect(hrefs(navFor("viewer", custom))).toEqual(["/balances"]);
    expect(hrefs(navFor("operator", custom))).toEqual(["/balances", "/transfers/new"]);
    expect(custom[0].items).toHaveLength(2);
  });

  it("declares each href once", () => {
    const all = hrefs(NAV);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("matchesHref", () => {
  it("matches the root only on the root", () => {
    expect(matchesHref("/", "/")).toBe(true);
    expect(matchesHref("/settings/team", "/")).toBe(false);
  });

  it("matches a page and its sub-pages at segment boundaries", () => {
    expect(matchesHref("/settings/team", "/settings/team")).toBe(true);
    expect(matchesHref("/settings/team/", "/settings/team")).toBe(true);
    expect(matchesHref("/settings/team/u_123", "/settings/team")).toBe(true);
    expect(matchesHref("/settings/teams", "/settings/team")).toBe(false);
    expect(matchesHref("/settings/team?page=2", "/settings/team")).toBe(true);
  });
});

describe("activeHref", () => {
  const nav = [{ items: [{ href: "/" }, { href: "/settings" }, { href: "/settings/team" }] }];

  it("picks the most specific matching link", () => {
    expect(activeHref("/settings/team/u_1", nav)).toBe("/settings/team");
    expect(activeHref("/settings/audit", nav)).toBe("/settings");
    expect(activeHref("/", nav)).toBe("/");
  });

  it("marks nothing for a page outside the nav", () => {
    expect(activeHref("/forbidden", nav)).toBeUndefined();
  });
});
