import { CopyButton } from "@/components/forms/copy-button";
import { DateTime } from "@/components/ui/date-time";

/** The one time an invite link is shown: after this dialog closes, only a new link can be made. */
export function InviteLink({ url, expiresAt }: { url: string; expiresAt: string }) {
  return (
    <div className="grid gap-2" role="status">
      <p className="text-sm">
        Send this link to the person. It works once, until <DateTime value={expiresAt} />, and is not shown again.
      </p>
      <div className="flex items-center gap-2">
        <code data-testid="invite-link" className="min-w-0 flex-1 truncate rounded-md border bg-muted px-2 py-1.5 text-xs">
          {url}
        </code>
        <CopyButton value={url} label="invite link" />
      </div>
    </div>
  );
}
