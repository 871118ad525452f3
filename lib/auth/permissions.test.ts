import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, permissionsOf, ROLES } from "./permissions";

describe("role to permission table", () => {
  it("lets a viewer read and nothing else", () => {
    expect(permissionsOf("viewer").sort()).toEqual(["data:read", "events:read"]);
    expect(can("viewer", "transfer:create")).toBe(false);
    expect(can("viewer", "team:manage")).toBe(false);
  });

  it("lets an operator create money movement but not approve it", () => {
    expect(can("operator", "transfer:create")).toBe(true);
    expect(can("operator", "order:trade")).toBe(true);
    expect(can("operator", "approval:decide")).toBe(false);
    expect(can("operator", "keys:manage")).toBe(false);
  });

  it("lets an approver decide but not create", () => {
    expect(can("approver", "approval:decide")).toBe(true);
    expect(can("approver", "review:decide")).toBe(true);
    expect(can("approver", "transfer:create")).toBe(false);
  });

  it("gives an admin every permission", () => {
    for (const p of PERMISSIONS) expect(can("admin", p)).toBe(true);
  });

  it("denies unknown roles and permissions", () => {
    expect(can("superuser", "data:read")).toBe(false);
    expect(can(undefined, "data:read")).toBe(false);
    expect(can("admin", "money:print")).toBe(false);
    expect(can("admin", undefined)).toBe(false);
    for (const r of ROLES) expect(can(r, "")).toBe(false);
  });
});
