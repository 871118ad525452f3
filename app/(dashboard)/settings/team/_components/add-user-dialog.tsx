"use client";
import { type ReactNode, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Controller } from "react-hook-form";
import { useActionForm } from "@/components/forms/use-action-form";
import { FormError } from "@/components/forms/form-error";
import { InviteLink } from "@/app/(dashboard)/settings/team/_components/invite-link";
import { ROLE_LABELS } from "@/lib/team/role-labels";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";
import { ROLE_OPTIONS } from "@/app/(dashboard)/settings/team/_components/role-options";
import { addUser } from "@/lib/team/add-user";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadAddUserSchema = () => import("@/lib/team/schemas").then((m) => m.addUserSchema);

export function AddUserDialog({ trigger }: { trigger: ReactNode }) {
  // Mounted by its button's first press (DialogOnDemand): open at once.
  const [open, setOpen] = useState(true);
  const [invite, setInvite] = useState<{ url: string; expiresAt: string } | null>(null);
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadAddUserSchema,
    action: addUser,
    defaultValues: { name: "", email: "", role: "viewer" },
    onSuccess: (data) => {
      setInvite(data.invite);
      if (data.pendingRole) toast.info(`${data.pendingRole.summary}: ${data.pendingRole.message}`, { duration: 10_000 });
    },
  });
  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setInvite(null);
      form.reset();
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{invite ? "Teammate added" : "Add a teammate"}</DialogTitle>
          <DialogDescription>{invite ? "They set their own password with this link." : "They get a one-time link to set their password."}</DialogDescription>
        </DialogHeader>
        {invite ? (
          <>
            <InviteLink url={invite.url} expiresAt={invite.expiresAt} />
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <Field label="Name" htmlFor="add-user-name" error={errorOf("name")} required>
              <Input id="add-user-name" autoComplete="off" {...form.register("name")} />
            </Field>
            <Field label="Email" htmlFor="add-user-email" error={errorOf("email")} required>
              <Input id="add-user-email" type="email" autoComplete="off" {...form.register("email")} />
            </Field>
            <Field label="Role" htmlFor="add-user-role" error={errorOf("role")} description={ROLE_LABELS[form.watch("role") ?? "viewer"]?.description}>
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <OptionSelect id="add-user-role" width="w-full" value={field.value} onValueChange={field.onChange} options={ROLE_OPTIONS} />
                )}
              />
            </Field>
            <FormError message={formError} />
            <DialogFooter>
              <Button type="submit" disabled={pending}>
                {pending ? "Adding…" : "Add and create link"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
