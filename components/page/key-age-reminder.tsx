import { KeyRound } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Link } from "@/components/ui/link";
import { agingKeyLabel, REMIND_FROM_DAYS, ROTATE_AFTER_DAYS, type AgingKey } from "@/lib/vault/key-age";

/**
 * Reminds admins of API keys that are 80 days old or more: the spec advises rotating keys every
 * 90 days. Replacing a key under Settings -> API keys starts its age again. `href` links there
 * from other pages (the overview); on the API keys page itself the table is right below.
 */
export function KeyAgeReminder({ keys, href }: { keys: AgingKey[]; href?: string }) {
  if (keys.length === 0) return null;
  const overdue = keys.some((k) => k.state === "overdue");
  const n = keys.length;
  return (
    <Alert variant={overdue ? "destructive" : "warning"} role="status" data-testid="key-age-reminder" className="mb-6">
      <KeyRound aria-hidden="true" />
      <AlertTitle>
        {overdue
          ? `${n === 1 ? "An API key is" : `${n} API keys are`} due for rotation`
          : `${n === 1 ? "An API key is" : `${n} API keys are`} ${REMIND_FROM_DAYS} days old or more`}
      </AlertTitle>
      <AlertDescription>
        <p>
          The provider advises replacing API keys every {ROTATE_AFTER_DAYS} days. Create a new key with the provider, then use Replace on the key&apos;s row
          under Settings → API keys; the new key&apos;s age starts again.
        </p>
        <ul className="list-disc pl-5">
          {keys.map((k) => (
            <li key={`${k.environment}-${k.surface}`}>{agingKeyLabel(k)}</li>
          ))}
        </ul>
        {href ? (
          <p>
            <Link href={href} className="underline underline-offset-4">
              Open API keys
            </Link>
          </p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
