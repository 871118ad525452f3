"use client";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { renameCoinsAddress } from "@/lib/coins/rename-address";
import { LABEL_MAX } from "@/lib/coins/order-values";
import type { SavedAddress } from "@/lib/coins/views";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadAddressLabelSchema = () => import("@/lib/coins/schema").then((m) => m.addressLabelSchema);

/** Renames a saved address; saving an empty label clears it, as the provider defines. */
export function RenameAddressDialog({ address, trigger }: { address: SavedAddress; trigger: ReactNode }) {
  // Mounted by its button's first press (DialogOnDemand): open at once.
  const [open, setOpen] = useState(true);
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadAddressLabelSchema,
    action: (values, attemptKey) => renameCoinsAddress({ id: address.id, label: values.label, attemptKey }),
    defaultValues: { label: address.label ?? "" },
    attempt: `coins-address-label-${address.id}`,
    onSuccess: (data) => {
      setOpen(false);
      toast.success(data.label === "" ? "Label cleared." : `Label saved: ${data.label}.`);
      void queryClient.invalidateQueries({ queryKey: ["coins", "addresses"] });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset({ label: address.label ?? "" });
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid="rename-address-dialog">
        <DialogHeader>
          <DialogTitle>Rename address</DialogTitle>
          <DialogDescription className="font-mono break-all">{address.address}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <Field
            label="Label"
            htmlFor={`label-${address.id}`}
            error={errorOf("label")}
            description={`Up to ${LABEL_MAX} characters. Leave it empty and save to clear the label.`}
          >
            <Input id={`label-${address.id}`} autoComplete="off" {...form.register("label")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save label"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
