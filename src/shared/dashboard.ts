// The admin's home page (/admin).

/** GET /api/admin/summary: what waits for the admin, for /admin. */
export interface AdminSummary {
  pendingWords: number;
  pendingSports: number;
  /** Events reported on /go_with_calshare. */
  eventReports: number;
}
