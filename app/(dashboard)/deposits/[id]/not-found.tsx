import { Link } from "@/components/ui/link";

export default function DepositNotFound() {
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border p-6">
      <h1 className="text-lg font-semibold">Deposit not found</h1>
      <p className="text-sm text-muted-foreground">
        The provider has no deposit with this id in the current environment. Check the id, or switch environment if it came from the other one.
      </p>
      <Link href="/deposits" className="text-sm font-medium underline underline-offset-4">
        See all deposits
      </Link>
    </div>
  );
}
