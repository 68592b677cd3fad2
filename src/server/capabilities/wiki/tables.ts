import type { Generated } from 'kysely';
import type { WikiArticleId } from '../../../shared/wiki';

export interface WikiFeedbackTable {
  article_id: WikiArticleId;
  visitor_id: string;
  helpful: boolean;
  created_at: Generated<Date>;
}
