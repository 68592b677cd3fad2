import { sql, type Kysely } from 'kysely';
import type { MemberTrips } from '../../../shared/surveys';
import { normalizeEmail } from '../../../shared/validation/email';
import type { Database } from '../../db/schema';

/**
 * Until the app feeds members' past trips (spec §3 User.pastTrips), the admin marks by hand
 * that a member has made a trip, so the post-use survey can open for them.
 */
const memberColumns = ['id', 'username', 'email', 'past_trips', 'surveys'] as const;

type MemberRow = { id: string; username: string; email: string; past_trips: string[]; surveys: Record<string, true> };

function toMemberTrips(row: MemberRow): MemberTrips {
  return { uuid: row.id, username: row.username, email: row.email, pastTrips: row.past_trips, surveys: row.surveys };
}

export async function findMemberTrips(db: Kysely<Database>, email: string): Promise<MemberTrips | undefined> {
  const row = await db.selectFrom('users').select(memberColumns).where('email', '=', normalizeEmail(email)).executeTakeFirst();
  return row && toMemberTrips(row);
}

/** Appends a trip in one statement; its id says it was marked by hand, and when. */
export async function addPastTrip(db: Kysely<Database>, email: string, now = new Date()): Promise<MemberTrips | undefined> {
  const trip = `manuel-${now.toISOString()}`;
  const row = await db
    .updateTable('users')
    .set({ past_trips: sql<string>`past_trips || jsonb_build_array(${trip}::text)` })
    .where('email', '=', normalizeEmail(email))
    .returning(memberColumns)
    .executeTakeFirst();
  return row && toMemberTrips(row);
}

/** Undoes a mistaken mark: removes the last trip of the list (none left: nothing changes). */
export async function removeLastPastTrip(db: Kysely<Database>, email: string): Promise<MemberTrips | undefined> {
  const row = await db
    .updateTable('users')
    .set({ past_trips: sql<string>`past_trips - (-1)` })
    .where('email', '=', normalizeEmail(email))
    .returning(memberColumns)
    .executeTakeFirst();
  return row && toMemberTrips(row);
}
