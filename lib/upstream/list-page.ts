/**
 * Where a provider's list answer stands, as every list view carries it: its page, the page count
 * (at least one, so the pager always has a page to show), the total, and the answer's age. Older
 * answers may lack the counts; the rows on the page stand in for the total then.
 */
export function listPageOf(
  r: { data: { data: readonly unknown[]; page?: number | null; total?: number | null; total_pages?: number | null }; fetchedAt: Date; stale: boolean },
  page: number,
  pageSize: number,
) {
  const total = r.data.total ?? r.data.data.length;
  return {
    page: r.data.page ?? page,
    pages: Math.max(1, r.data.total_pages ?? Math.ceil(total / pageSize)),
    total,
    fetchedAt: r.fetchedAt.toISOString(),
    stale: r.stale,
  };
}
