"use client";
import { useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { InviteLink } from "@/app/(dashboard)/settings/team/_components/invite-link";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { issueInvite } from "@/lib/team/issue-invite";
import { setUserDisabled } from "@/lib/team/set-user-disabled";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

export function UserActions({ userId, userName, disabled, isSelf }: { userId: string; userName: string; disabled: boolean; isSelf: boolean }) {
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [invite, setInvite] = useState<{ url: string; expiresAt: string } | null>(null);

  const toggle = () =>
    start(async () => {
      setError(null);
      const result = await answerOrFailure(setUserDisabled({ userId, disabled: !disabled }));
      if (result.ok) toast.success(`${userName} is ${result.data.disabled ? "disabled and signed out" : "enabled"}.`);
      else setError(result.error);
    });

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {!disabled ? (
        <Button
          variant="outline"
          size="sm"
          disabled={pending}
          onClick={() =>
            start(async () => {
              setError(null);
              const result = await answerOrFailure(issueInvite({ userId }));
              if (!result.ok) setError(result.error);
              else if ("status" in result.data)
                toast.info(`${result.data.summary}: ${result.data.message} Once approved, ask for the link again.`, { duration: 10_000 });
              else setInvite(result.data);
            })
          }
        >
          New password link
        </Button>
      ) : null}
      {disabled ? (
        <Button variant="outline" size="sm" disabled={pending} onClick={toggle}>
          Enable
        </Button>
      ) : (
        <ConfirmAction
          trigger={
            <Button variant="outline" size="sm" disabled={pending || isSelf} title={isSelf ? "You cannot disable yourself" : undefined}>
              Disable
            </Button>
          }
          title={`Disable ${userName}?`}
          description="They are signed out at once and cannot sign in until an admin enables them again."
          confirm="Disable"
          onConfirm={toggle}
        />
      )}
      {error ? (
        <p role="alert" className="w-full text-right text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <Dialog open={invite !== null} onOpenChange={(o) => !o && setInvite(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>New password link for {userName}</DialogTitle>
            <DialogDescription>Earlier links for {userName} no longer work.</DialogDescription>
          </DialogHeader>
          {invite ? <InviteLink url={invite.url} expiresAt={invite.expiresAt} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
