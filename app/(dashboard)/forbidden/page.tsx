import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/page/page-header";
import { Button } from "@/components/ui/button";

export const metadata = { title: "Not allowed" };

export default function ForbiddenPage() {
  return (
    <div className="max-w-xl">
      <PageHeader title="Your role does not open this page" description="Ask an admin of your team if you need it." />
      <Button asChild variant="outline">
        <Link href="/">Back to the overview</Link>
      </Button>
    </div>
  );
}
