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
