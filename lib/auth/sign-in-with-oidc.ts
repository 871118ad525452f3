"use server";
import { signIn } from "@/lib/auth";

export async function signInWithOidc(formData: FormData) {
  // A hand-made call can send anything as the argument; without the form's data, go home after.
  const target = formData instanceof FormData ? String(formData.get("callbackUrl") ?? "/") : "/";
  await signIn("oidc", { redirectTo: target.startsWith("/") && !target.startsWith("//") ? target : "/" });
}
