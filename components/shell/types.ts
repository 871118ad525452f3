import type { ReactNode } from "react";

import type { Role } from "@/lib/auth/permissions";
import type { Environment as PrismaEnvironment } from "@/lib/generated/prisma/enums";

/** The Prisma enum: the two environments are declared once, in the schema. */
export type Environment = PrismaEnvironment;

export type ShellUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
};

/**
 * The nav as client components receive it: the icon is an element, not a component, because a
 * server component can pass elements to client components but not functions.
 */
export type ShellNavItem = {
  title: string;
  href: string;
  icon: ReactNode;
  keywords?: string[];
};

export type ShellNavArea = {
  title: string;
  items: ShellNavItem[];
};
