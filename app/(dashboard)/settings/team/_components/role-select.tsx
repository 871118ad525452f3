"use client";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { ROLE_LABELS } from "@/lib/team/role-labels";
import { OptionSelect } from "@/components/ui/option-select";
import { ROLE_OPTIONS } from "@/app/(dashboard)/settings/team/_components/role-options";
import { changeRole } from "@/lib/team/change-role";
import type { Role } from "@/lib/auth/permissions";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

export function RoleSelect({ userId, userName, role, disabled }: { userId: string; userName: string; role: Role; disabled?: boolean }) {
  const [value, setValue] = useState<Role>(role);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const errorId = `role-${userId}-error`;
  return (
    <div className="grid gap-1">
      <OptionSelect
        options={ROLE_OPTIONS}
        size="sm"
        width="w-36"
        aria-label={`Role of ${userName}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        disabled={disabled || pending}
        onValueChange={(next) => {
          const previous = value;
          setValue(next as Role);
          setError(null);
          start(async () => {
            const result = await answerOrFailure(changeRole({ userId, role: next as Role }));
            if (result.ok && "status" in result.data) {
              setValue(previous);
              toast.info(`${result.data.summary}: ${result.data.message}`, { duration: 10_000 });
            } else if (result.ok) toast.success(`${userName} is now ${ROLE_LABELS[next as Role].title.toLowerCase()}.`);
            else {
              setValue(previous);
              setError(result.error);
            }
          });
        }}
      />
      {error ? (
        <p id={errorId} role="alert" className="max-w-56 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
