const HOUR_MS = 3_600_000;

/**
 * The errors this instance logged in the last 24 hours, by the hour: what the health panel
 * shows and the operator then reads in the log (`journalctl -u unissons -p err`).
 */
export class ErrorCount {
  private readonly hours = new Map<number, number>();

  constructor(private readonly now = () => Date.now()) {}

  add() {
    const hour = Math.floor(this.now() / HOUR_MS);
    this.hours.set(hour, (this.hours.get(hour) ?? 0) + 1);
    for (const old of this.hours.keys()) if (old <= hour - 24) this.hours.delete(old);
  }

  lastDay(): number {
    const since = Math.floor(this.now() / HOUR_MS) - 24;
    let total = 0;
    for (const [hour, count] of this.hours) if (hour > since) total += count;
    return total;
  }
}
