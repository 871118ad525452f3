"use client";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { useActionForm } from "@/components/forms/use-action-form";
import { acceptInvite } from "@/lib/team/accept-invite";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-rules";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadAcceptInviteSchema = () => import("@/lib/team/schemas").then((m) => m.acceptInviteSchema);

export function AcceptInviteForm({ token }: { token: string }) {
  const [done, setDone] = useState<string | null>(null);
  // The token travels as a field the page fills in; the same schema checks it here and on the server.
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadAcceptInviteSchema,
    action: (values) => acceptInvite(values),
    defaultValues: { token, password: "", confirm: "" },
    onSuccess: (data) => setDone(data.email),
  });

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
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <Field label="New password" htmlFor="password" description={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errorOf("password")}>
        <Input id="password" type="password" autoComplete="new-password" required {...form.register("password")} />
      </Field>
      <Field label="Repeat the password" htmlFor="confirm" error={errorOf("confirm")}>
        <Input id="confirm" type="password" autoComplete="new-password" required {...form.register("confirm")} />
      </Field>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Set password"}
      </Button>
    </form>
  );
}
