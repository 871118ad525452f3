import { Link } from "@/components/ui/link";

export function ProOrdersEmptyState({ view, filtered, canTrade }: { view: "open" | "history"; filtered: boolean; canTrade: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center" data-testid="pro-orders-empty">
      <p className="font-medium">{filtered ? "No orders match these filters" : view === "open" ? "No open orders" : "No orders yet"}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filtered
          ? "Clear the filters to see every order."
          : view === "open"
            ? "Working orders (settling, new, open or partially filled) appear here."
            : "Every order placed with this key appears here."}
      </p>
      {!filtered && canTrade ? (
        <Link className="mt-4 inline-block rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/pro">
          Open the order ticket
        </Link>
      ) : null}
    </div>
  );
}
