import { describe, expect, it } from "vitest";

import { needsConfirmation, parseEnvironment } from "@/components/shell/environment";
import { initialsOf, ROLE_LABELS } from "@/components/shell/user";
import { ROLES } from "@/lib/auth/permissions";

describe("environment switch rules", () => {
  it("asks before moving into production only", () => {
    expect(needsConfirmation("sandbox", "production")).toBe(true);
    expect(needsConfirmation("production", "sandbox")).toBe(false);
    expect(needsConfirmation("production", "production")).toBe(false);
    expect(needsConfirmation("sandbox", "sandbox")).toBe(false);
  });

  it("accepts only the two environments", () => {
    expect(parseEnvironment("sandbox")).toBe("sandbox");
    expect(parseEnvironment("production")).toBe("production");
    expect(parseEnvironment("Production")).toBeUndefined();
    expect(parseEnvironment("")).toBeUndefined();
    expect(parseEnvironment(undefined)).toBeUndefined();
  });
});

describe("user menu", () => {
  it("labels every role", () => {
    expect(ROLES.map((role) => ROLE_LABELS[role])).toEqual(["Viewer", "Operator", "Approver", "Admin"]);
  });

  it("builds initials from the first and last word, falling back to the email", () => {
    expect(initialsOf("Ada Lovelace", "ada@example.com")).toBe("AL");
    expect(initialsOf("  Chinua   Achebe Okafor ", "c@example.com")).toBe("CO");
    expect(initialsOf("Ngozi", "n@example.com")).toBe("N");
    expect(initialsOf("", "zara@example.com")).toBe("Z");
    expect(initialsOf("élodie durand", "e@example.com")).toBe("ÉD");
  });
});
