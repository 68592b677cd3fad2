export interface AntiBotSpentTable {
  /** The challenge's nonce, covered by its signature. */
  nonce: string;
  expires_at: Date;
}
