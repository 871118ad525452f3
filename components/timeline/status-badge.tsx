import { Badge } from "@/components/ui/badge";

const SUCCESS = new Set(["COMPLETED", "SETTLED", "ACTIVE", "filled", "completed"]);
const DANGER = new Set(["FAILED", "REVERSED", "DISABLED", "rejected", "failed", "cancelled"]);
const WARNING = new Set(["REQUIRES_REVIEW", "FLAGGED", "partially_filled"]);

/** A resource status as the provider wrote it; unknown values are shown raw, never hidden. */
export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return null;
  const variant = SUCCESS.has(status) ? "success" : DANGER.has(status) ? "destructive" : WARNING.has(status) ? "warning" : "secondary";
  return (
    <Badge variant={variant} className="font-mono">
      {status}
    </Badge>
  );
}
