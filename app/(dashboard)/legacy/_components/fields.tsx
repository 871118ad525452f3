/** The label / value list of a legacy detail page. A value the record lacks shows as a dash. */
export function Fields({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="grid content-start gap-3 rounded-lg border p-4" aria-labelledby={`${testId ?? title}-title`} data-testid={testId}>
      <h2 id={`${testId ?? title}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <dl className="grid gap-3">{children}</dl>
    </section>
  );
}

export function Field({ label, children, mono }: { label: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={`text-sm break-all ${mono ? "font-mono" : ""}`}>{children ?? "—"}</dd>
    </div>
  );
}
