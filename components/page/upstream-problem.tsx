import { RetryButton } from "@/components/page/retry-button";

/** What the provider said when a read failed, as the sentence the upstream client wrote, with a retry. */
export function UpstreamProblem({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="grid max-w-xl gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{message}</p>
      <div>
        <RetryButton />
      </div>
    </div>
  );
}
