import type { ColumnType, Generated } from 'kysely';
import type { TextKind } from '../../../shared/texts';

export interface TextsTable {
  id: string;
  kind: TextKind;
  position: Generated<number>;
  published_version: number;
  /** A wiki article visitors do not see (its address sends them to the wiki's home). */
  hidden: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface TextVersionsTable {
  text_id: string;
  version: number;
  title: string;
  description: string;
  applicable: string;
  body: string;
  /** No foreign key: the version outlives its author's account, named by author_name. */
  author_id: string | null;
  author_name: ColumnType<string, unknown, never>;
  restored_from: number | null;
  created_at: Generated<Date>;
}

export interface TextDraftsTable {
  text_id: string;
  author_id: string;
  base_version: number;
  title: string;
  description: string;
  applicable: string;
  body: string;
  updated_at: ColumnType<Date, unknown, unknown>;
}

// These tables in the database's type, which each capability extends with its own.
declare module '../../platform/db/schema' {
  interface Database {
    texts: TextsTable;
    text_versions: TextVersionsTable;
    text_drafts: TextDraftsTable;
  }
}
