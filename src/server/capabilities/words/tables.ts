import type { Generated } from 'kysely';

export interface WordsTable {
  id: Generated<string>;
  author_id: string | null;
  content: string;
  public: Generated<boolean>;
  vip: Generated<boolean>;
  created_at: Generated<Date>;
  published_at: Date | null;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    words: WordsTable;
  }
}
