export function ApprovalsEmptyState({ title, hint, testId }: { title: string; hint: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-dashed p-8 text-center" data-testid={testId}>
      <p className="font-medium">{title}</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}
