import { ShieldAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** The provider froze the merchant: what is blocked and what to do, in the provider client's words. */
export function FrozenBanner({ message }: { message: string }) {
  return (
    <Alert variant="destructive" role="alert" data-testid="frozen-banner">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>New funding accounts are blocked</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        <p>You can still view accounts and deposits. Reload this page once the provider has lifted the freeze.</p>
      </AlertDescription>
    </Alert>
  );
}
