/** A session as the member's sessions list on /account shows it (GET /api/account/sessions). */
export interface MemberSession {
  /** What DELETE /api/account/sessions/:id names it by (not its cookie, which is never shown). */
  id: string;
  /** From the User-Agent: 'Safari 17', 'iPhone (iOS 17.4)'. */
  browser: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session of the request: 'Cette session'. */
  current: boolean;
}

export interface MemberSessionList {
  sessions: MemberSession[];
}
