/** One row of the recent-events feed, as GET /api/events/recent returns it. Client-safe. */
export interface RecentEvent {
  id: string;
  name: string;
  resourceType: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
  occurredAt: string | null;
  receivedAt: string;
}
