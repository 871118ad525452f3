"use client";
import { Link } from "@/components/ui/link";
import { useState, useTransition } from "react";
import { acceptInvite } from "@/lib/team/accept-invite";
import type { FieldErrors } from "@/lib/server-actions/safe-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

export function AcceptInviteForm({ token }: { token: string }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return (
      <div className="grid gap-3 text-sm" role="status">
        <p>Your password is set for {done}.</p>
        <Button asChild>
          <Link href="/sign-in">Sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const fd = new FormData(e.currentTarget);
        start(async () => {
          const result = await answerOrFailure(acceptInvite({ token, password: fd.get("password"), confirm: fd.get("confirm") }));
          if (result.ok) setDone(result.data.email);
          else {
            setError(result.error);
            setFields(result.fieldErrors ?? {});
          }
        });
      }}
    >
      <Field label="New password" htmlFor="password" description={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={fields.password}>
        <Input id="password" name="password" type="password" autoComplete="new-password" required />
      </Field>
      <Field label="Repeat the password" htmlFor="confirm" error={fields.confirm}>
        <Input id="confirm" name="confirm" type="password" autoComplete="new-password" required />
      </Field>
      {error && !Object.keys(fields).length ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </Button>
    </form>
  );
}
