/** GET /api/counter */
export interface CounterResponse {
  users: number;
}
