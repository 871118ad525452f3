import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules";

const role = z.enum(ROLES, { error: "Choose a role: viewer, operator, approver or admin." });
const userId = z.string().uuid({ error: "Unknown user." });

export const addUserSchema = z.object({
  name: z.string().trim().min(1, { error: "Enter the person's name." }).max(120, { error: "Use at most 120 characters." }),
  email: z.string().trim().toLowerCase().email({ error: "Enter a valid email address, like name@company.com." }).max(320),
  role,
});

export const changeRoleSchema = z.object({ userId, role });

export const setUserDisabledSchema = z.object({
  userId,
  disabled: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
});

export const issueInviteSchema = z.object({ userId });

export const acceptInviteSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters.` })
      .max(256, { error: "Use at most 256 characters." }),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], error: "The two passwords do not match." });

export const switchEnvironmentSchema = z.object({
  environment: z.enum(["sandbox", "production"], { error: "Choose sandbox or production." }),
});
