"use server";
import { signOut } from "@/lib/auth";

export async function endSession() {
  await signOut({ redirectTo: "/sign-in" });
}
