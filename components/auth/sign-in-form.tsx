"use client";
import { useActionState } from "react";
import { signInWithPassword, type SignInState } from "@/lib/auth/sign-in-with-password";
import { signInWithOidc } from "@/lib/auth/sign-in-with-oidc";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export function SignInForm({ callbackUrl, oidc, initialError }: { callbackUrl: string; oidc: string | null; initialError?: string }) {
  const [state, formAction, pending] = useActionState<SignInState, FormData>(signInWithPassword, { error: initialError });
  return (
    <div className="grid gap-4">
      <form action={formAction} className="grid gap-4" noValidate>
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <Field label="Email" htmlFor="email">
          <Input id="email" name="email" type="email" autoComplete="username" required defaultValue={state.email} autoFocus />
        </Field>
        <Field label="Password" htmlFor="password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        {state.error ? (
          <p
            id="sign-in-error"
            role="alert"
            data-testid="sign-in-error"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            {state.error}
          </p>
        ) : null}
        <Button type="submit" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {oidc ? (
        <form action={signInWithOidc}>
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <Button type="submit" variant="outline" className="w-full">
            Continue with {oidc}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
