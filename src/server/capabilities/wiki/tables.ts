import type { Generated } from 'kysely';
import type { WikiArticleId } from '../../../shared/wiki';

export interface WikiFeedbackTable {
  article_id: WikiArticleId;
  visitor_id: string;
  helpful: boolean;
  created_at: Generated<Date>;
}

/** A screenshot put into an article, named by the SHA-256 of its re-encoded content. */
export interface WikiImagesTable {
  id: string;
  content: Buffer;
  width: number;
  height: number;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    wiki_feedback: WikiFeedbackTable;
    wiki_images: WikiImagesTable;
  }
}
