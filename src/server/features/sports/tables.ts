import type { Generated } from 'kysely';
import type { Reaction } from '../../../shared/sports';

export interface SportsTable {
  id: string;
  name: string;
  duplicate_key: string;
  emoji: Generated<string>;
  submitted_by: string | null;
  public: Generated<boolean>;
  created_at: Generated<Date>;
  published_at: Date | null;
}

export interface SportReactionsTable {
  sport_id: string;
  user_id: string;
  reaction: Reaction;
  created_at: Generated<Date>;
}
