import { Link } from "@/components/ui/link";

export default function NotFound() {
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-sm text-muted-foreground">The address may be mistyped, or the page moved.</p>
      <Link className="text-sm font-medium underline underline-offset-4" href="/">
        Go to the overview
      </Link>
    </main>
  );
}
