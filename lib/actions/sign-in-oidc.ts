"use server";
import { signIn } from "@/lib/auth";

export async function signInWithOidc(formData: FormData) {
  const target = String(formData.get("callbackUrl") ?? "/");
  await signIn("oidc", { redirectTo: target.startsWith("/") && !target.startsWith("//") ? target : "/" });
}
