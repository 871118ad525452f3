"use client";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createCoinsAddress } from "@/lib/coins/create-address";
import { LABEL_MAX } from "@/lib/coins/order-values";
import type { WithdrawableAsset } from "@/lib/coins/views";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadAddressFormSchema = () => import("@/lib/coins/schema").then((m) => m.addressFormSchema);

/** Saves a withdrawal address for one of the withdrawable assets and chains. */
export function AddAddressDialog({ assets, trigger }: { assets: WithdrawableAsset[]; trigger: ReactNode }) {
  // Mounted by its button's first press (DialogOnDemand): open at once.
  const [open, setOpen] = useState(true);
  const queryClient = useQueryClient();
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadAddressFormSchema,
    action: (values, attemptKey) => createCoinsAddress({ ...values, attemptKey }),
    defaultValues: { asset: "", chain: "", address: "", label: "" },
    attempt: "coins-address-create",
    onSuccess: () => {
      setOpen(false);
      form.reset();
      toast.success("Address saved.");
      void queryClient.invalidateQueries({ queryKey: ["coins", "addresses"] });
    },
  });
  const asset = assets.find((a) => a.symbol === form.watch("asset"));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent data-testid="add-address-dialog">
        <DialogHeader>
          <DialogTitle>Save a withdrawal address</DialogTitle>
          <DialogDescription>
            Crypto withdrawals go only to saved addresses. Check the address twice: a send to a wrong address cannot be recovered.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Asset" htmlFor="addr-asset" error={errorOf("asset")} required>
              <ControlledSelect
                control={form.control}
                name="asset"
                id="addr-asset"
                placeholder="Choose an asset"
                options={assets.map((a) => ({ value: a.symbol, label: `${a.symbol}${a.display_name ? ` · ${a.display_name}` : ""}` }))}
              />
            </Field>
            <Field label="Chain" htmlFor="addr-chain" error={errorOf("chain")} required>
              <ControlledSelect
                control={form.control}
                name="chain"
                id="addr-chain"
                placeholder="Choose a chain"
                options={(asset?.chains ?? []).map((c) => ({ value: c.blockchain, label: c.blockchain_name ?? c.blockchain }))}
              />
            </Field>
          </div>
          <Field label="Address" htmlFor="addr-address" error={errorOf("address")} required>
            <Input id="addr-address" autoComplete="off" spellCheck={false} className="font-mono" {...form.register("address")} />
          </Field>
          <Field label="Label" htmlFor="addr-label" error={errorOf("label")} description={`Optional, up to ${LABEL_MAX} characters.`}>
            <Input id="addr-label" autoComplete="off" {...form.register("label")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save address"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
