import { Link } from "@/components/ui/link";

export default function RecipientNotFound() {
  return (
    <div className="grid max-w-xl gap-3 rounded-lg border p-6">
      <h1 className="text-lg font-semibold">This recipient does not exist</h1>
      <p className="text-sm text-muted-foreground">It may belong to the other environment. Check the environment switch, or go back to the list.</p>
      <div>
        <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/recipients">
          Back to recipients
        </Link>
      </div>
    </div>
  );
}
