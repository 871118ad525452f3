import { Link } from "@/components/ui/link";

export default function OrderNotFound() {
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border p-6" data-testid="pro-order-not-found">
      <h1 className="text-lg font-semibold">No such order</h1>
      <p className="text-sm text-muted-foreground">
        The provider has no order with this id in the current environment. It may belong to the other environment.
      </p>
      <p>
        <Link href="/pro/orders" className="text-sm underline underline-offset-4">
          Back to Pro orders
        </Link>
      </p>
    </div>
  );
}
