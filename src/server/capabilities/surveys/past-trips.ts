import { sql, type Kysely } from 'kysely';
import type { MemberTrips } from '../../../shared/surveys';
import { normalizeEmail } from '../../../shared/validation/email';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';

/**
 * Until the app feeds members' past trips (spec §3 User.pastTrips), the admin marks by hand
 * that a member has made a trip, so the post-use survey can open for them.
 */
const memberColumns = ['id', 'username', 'email', 'past_trips', 'surveys'] as const;

type MemberRow = { id: string; username: string; email: string; past_trips: string[]; surveys: Record<string, true> };

function toMemberTrips(row: MemberRow): MemberTrips {
  return { uuid: row.id, username: row.username, email: row.email, pastTrips: row.past_trips, surveys: row.surveys };
}

/**
 * A trip is the person's who owns the address the admin types: only an account that proved the
 * address stands for them (decision 0028). Anyone can register with someone else's address, and
 * a trip marked there would open the post-use survey to that stranger.
 */
async function verifiedOnly(db: Kysely<Database>, email: string, row: MemberRow | undefined): Promise<MemberTrips | undefined> {
  if (row) return toMemberTrips(row);
  const unverified = await db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email)).executeTakeFirst();
  if (unverified) throw new AppError(409, 'surveys/member-email-unverified');
  return undefined;
}

export async function findMemberTrips(db: Kysely<Database>, email: string): Promise<MemberTrips | undefined> {
  const row = await db
    .selectFrom('users')
    .select(memberColumns)
    .where('email', '=', normalizeEmail(email))
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
  return verifiedOnly(db, email, row);
}

/** Appends a trip in one statement; its id says it was marked by hand, and when. */
export async function addPastTrip(db: Kysely<Database>, email: string, now = new Date()): Promise<MemberTrips | undefined> {
  const trip = `manuel-${now.toISOString()}`;
  const row = await db
    .updateTable('users')
    .set({ past_trips: sql<string>`past_trips || jsonb_build_array(${trip}::text)` })
    .where('email', '=', normalizeEmail(email))
    .where('email_verified_at', 'is not', null)
    .returning(memberColumns)
    .executeTakeFirst();
  return verifiedOnly(db, email, row);
}

/** Undoes a mistaken mark: removes the last trip of the list (none left: nothing changes). */
export async function removeLastPastTrip(db: Kysely<Database>, email: string): Promise<MemberTrips | undefined> {
  const row = await db
    .updateTable('users')
    .set({ past_trips: sql<string>`past_trips - (-1)` })
    .where('email', '=', normalizeEmail(email))
    .where('email_verified_at', 'is not', null)
    .returning(memberColumns)
    .executeTakeFirst();
  return verifiedOnly(db, email, row);
}
