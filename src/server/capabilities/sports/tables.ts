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
  /** Kept by the sport_reaction_counts trigger: never written by the app. */
  love_count: Generated<number>;
  wow_count: Generated<number>;
  no_count: Generated<number>;
}

export interface SportReactionsTable {
  sport_id: string;
  user_id: string;
  reaction: Reaction;
  created_at: Generated<Date>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    sports: SportsTable;
    sport_reactions: SportReactionsTable;
  }
}
