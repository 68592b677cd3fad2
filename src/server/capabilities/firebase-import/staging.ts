import { sql, type Generated, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

// The export is first copied, as read, into scratch tables of the site's database: merging
// a million Auth accounts with their Firestore profiles, or finding a word's author, is then
// a join instead of maps held in memory, and the landing steps can run in batches that each
// commit whole. Unlogged: nothing here needs to survive a crash (the next run starts again
// from the files). Made at the start of a run, dropped at its end.
export type StagingTables = {
  firebase_import_accounts: {
    seq: Generated<number>;
    uid: string;
    email: string;
    email_verified: boolean;
    password_hash: string | null;
    password_salt: string | null;
    display_name: string;
    photo_url: string;
    created_at: Date | null;
    last_signed_in_at: Date | null;
    disabled: boolean;
  };
  firebase_import_profiles: { uid: string; data: string };
  firebase_import_words: {
    seq: Generated<number>;
    id: string;
    author: string;
    content: string;
    public: boolean;
    vip: boolean;
    created_at: Date | null;
  };
  firebase_import_reactions: { seq: Generated<number>; sport: string; uid: string; reaction: string };
  firebase_import_answers: { seq: Generated<number>; id: string; survey_id: string; responses: string; answered_on: Date | null };
};

export type StagingDb = Kysely<Database & StagingTables>;

/** A row as the import writes it into a scratch table. */
export type StagedRow<T extends keyof StagingTables> = Insertable<StagingTables[T]>;

export const staging = (db: Kysely<Database>): StagingDb => db.withTables<StagingTables>();

const TABLES = ['firebase_import_accounts', 'firebase_import_profiles', 'firebase_import_words', 'firebase_import_reactions', 'firebase_import_answers'];

export async function createStagingTables(db: Kysely<Database>) {
  await dropStagingTables(db);
  await sql`create unlogged table firebase_import_accounts (
    seq serial primary key, uid text not null unique, email text not null, email_verified boolean not null,
    password_hash text, password_salt text, display_name text not null, photo_url text not null,
    created_at timestamptz, last_signed_in_at timestamptz, disabled boolean not null)`.execute(db);
  await sql`create unlogged table firebase_import_profiles (uid text primary key, data jsonb not null)`.execute(db);
  await sql`create unlogged table firebase_import_words (
    seq serial primary key, id text not null, author text not null, content text not null,
    public boolean not null, vip boolean not null, created_at timestamptz)`.execute(db);
  await sql`create unlogged table firebase_import_reactions (seq bigserial primary key, sport text not null, uid text not null, reaction text not null)`.execute(db);
  await sql`create unlogged table firebase_import_answers (seq serial primary key, id text not null, survey_id text not null, responses jsonb not null, answered_on date)`.execute(db);
}

export async function dropStagingTables(db: Kysely<Database>) {
  for (const table of TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(db);
}

/** Rows gathered and written a few hundred at a time (one statement each). */
export class Batcher<T> {
  private rows: T[] = [];
  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly size = 500,
  ) {}

  async add(row: T) {
    this.rows.push(row);
    if (this.rows.length >= this.size) await this.flush();
  }

  async flush() {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await this.write(rows);
  }
}
