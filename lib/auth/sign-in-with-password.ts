"use server";
import { AuthError } from "next-auth";
import { signIn } from "@/lib/auth";

export interface SignInState {
  error?: string;
  email?: string;
}

function signInMessage(code: string | undefined): string {
  if (code === "disabled") return "This account is disabled. Ask an admin of your team.";
  if (code?.startsWith("throttled:")) {
    const minutes = Number(code.split(":")[1]) || 15;
    return `Too many failed sign-ins. Wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
  }
  return "The email or password is not right. Check both and try again.";
}

function safeRedirect(target: FormDataEntryValue | null): string {
  const value = typeof target === "string" ? target : "/";
  return value.startsWith("/") && !value.startsWith("//") ? value : "/";
}

export async function signInWithPassword(_prev: SignInState, formData: FormData): Promise<SignInState> {
  // A hand-made call can send anything as the argument; only the form's data is an attempt.
  if (!(formData instanceof FormData)) return { error: signInMessage(undefined) };
  const email = String(formData.get("email") ?? "");
  try {
    await signIn("credentials", {
      email,
      password: String(formData.get("password") ?? ""),
      redirectTo: safeRedirect(formData.get("callbackUrl")),
    });
    return {};
  } catch (err) {
    // signIn redirects on success by throwing; only Auth.js errors are sign-in failures.
    if (err instanceof AuthError) {
      const code = (err as AuthError & { code?: string }).code;
      return { error: signInMessage(code), email };
    }
    throw err;
  }
}
