/** GET /api/admin/moderation (PRODUCT.md /admin/moderation). Pending items oldest first. */
export interface ModerationQueue {
  pendingWords: { id: string; content: string; author: string; createdAt: string }[];
  /** Published words, newest first, for the VIP toggle and unpublishing. */
  publishedWords: { id: string; content: string; author: string; vip: boolean; publishedAt: string }[];
  pendingSports: { id: string; name: string; emoji: string; submittedBy: string; createdAt: string }[];
}

/** GET /api/admin/summary: what waits for the admin, for /admin. */
export interface AdminSummary {
  pendingWords: number;
  pendingSports: number;
  /** Events reported on /go_with_calshare. */
  eventReports: number;
}
