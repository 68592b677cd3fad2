import type { Generated } from 'kysely';
import type { WikiArticleId } from '../../../shared/wiki';

export interface WikiFeedbackTable {
  article_id: WikiArticleId;
  visitor_id: string;
  helpful: boolean;
  created_at: Generated<Date>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    wiki_feedback: WikiFeedbackTable;
  }
}
