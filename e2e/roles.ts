import path from "node:path";

export const DEMO_PASSWORD = "merchant-ops-demo";
export const ROLES = ["admin", "approver", "operator", "viewer"] as const;
export type E2ERole = (typeof ROLES)[number];

export const emailOf = (role: E2ERole) => `${role}@demo.test`;
/** One saved sign-in per role, made by auth.setup.ts. */
export const storageStateOf = (role: E2ERole) => path.join(__dirname, ".auth", `${role}.json`);
