export interface AudienceDailyTable {
  /** 'YYYY-MM-DD', the day in France. */
  day: string;
  path: string;
  /** The referring site's host name, '' for none. */
  referrer: string;
  visits: number;
}

declare module '../../platform/db/schema' {
  interface Database {
    audience_daily: AudienceDailyTable;
  }
}
