"use client";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { replaceProOrder } from "@/lib/pro/replace-order";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ReplaceValues } from "@/lib/pro/schema";
import type { ProOrder } from "@/lib/upstream/schemas/pro";
import { refreshOrders } from "./after-change";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadReplaceFormSchema = () => import("@/lib/pro/schema").then((m) => m.replaceFormSchema);

const short = (id: string) => id.slice(0, 8);

export type ReplaceOrderDialogProps = { order: ProOrder; open: boolean; onOpenChange: (open: boolean) => void };

/** Change the price or total quantity of a working limit order (opened by ReplaceOrderButton, loaded then). */
export function ReplaceOrderDialog({ order, open, onOpenChange }: ReplaceOrderDialogProps) {
  const queryClient = useQueryClient();
  const changed = (values: ReplaceValues) => ({
    price: values.price && values.price !== order.price ? values.price : undefined,
    quantity: values.quantity && values.quantity !== order.requested_quantity ? values.quantity : undefined,
  });
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadReplaceFormSchema,
    // Only what changed is sent, so the provider keeps the rest as it is.
    action: (values, attemptKey) => replaceProOrder({ orderId: order.order_id, attemptKey, ...changed(values) }),
    defaultValues: { price: order.price ?? "", quantity: order.requested_quantity },
    attempt: `pro-replace-${order.order_id}`,
    mode: "onSubmit",
    check: (values) => {
      const { price, quantity } = changed(values);
      if (price || quantity) return values;
      form.setError("price", { type: "manual", message: "Enter a new price or a new quantity." });
      return null;
    },
    fieldOf: (name) => (name === "price" || name === "quantity" ? name : null),
    sayFailureAbove: true,
    onSuccess: (data) => {
      onOpenChange(false);
      refreshOrders(queryClient, order.order_id);
      if (data.outcome === "pending_approval") toast.success(`Waiting for approval: ${data.summary}. The order keeps its terms until someone approves.`);
      else toast.success(`Order ${short(order.order_id)} replaced; its fee cap is ${formatNgn(data.maxTakerFee)}.`);
    },
  });
  return (
    <Dialog open={open} onOpenChange={(o) => (!pending ? onOpenChange(o) : undefined)}>
      <DialogContent data-testid="pro-replace-dialog">
        <DialogHeader>
          <DialogTitle>Replace order {short(order.order_id)}</DialogTitle>
          <DialogDescription>
            The order keeps its id and fills. The quantity is the new total; it must stay above the {formatQuantity(order.filled_quantity)} already filled. The
            new terms are quoted first, and the fee cap (now {formatNgn(order.max_taker_fee)}) rises to the quoted fee when they need more.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={`Replace order ${short(order.order_id)}`}>
          <Field label="Limit price (NGN)" htmlFor="replace-price" error={errorOf("price")}>
            <Input id="replace-price" inputMode="decimal" autoComplete="off" {...form.register("price")} />
          </Field>
          <Field label="Total quantity (USD)" htmlFor="replace-quantity" error={errorOf("quantity")}>
            <Input id="replace-quantity" inputMode="decimal" autoComplete="off" {...form.register("quantity")} />
          </Field>
          <FormError message={formError} />
          <DialogFooter>
            <Button type="submit" disabled={pending} data-testid="pro-replace-submit">
              {pending ? "Replacing…" : "Replace order"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
