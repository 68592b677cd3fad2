import { sql, type Kysely } from 'kysely';
import type { NewsletterFilter, NewsletterQueued, NewsletterSummary } from '../../../shared/newsletter/api';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/errors';
import { recordAction } from '../journal/index';
import { change } from '../../platform/live/change';
import type { Recipient } from './mail';

const ACCOUNT_TYPES = { users: 'user', organisations: 'organisation' } as const;

/**
 * PRODUCT.md: every account that has not unsubscribed, filtered by the target; and only once
 * its address is proven (decision 0018), so a mistyped or borrowed address gets no newsletter;
 * and not while an admin has suspended it (decision 0020: the member is shut out of the site).
 * Deliverable or not: recipientCondition leaves out the undeliverable ones.
 */
function audienceCondition(filter: NewsletterFilter | undefined) {
  const subscribed = sql`users.newsletter and users.email_verified_at is not null and users.suspended_at is null`;
  return filter ? sql`${subscribed} and users.account_type = ${ACCOUNT_TYPES[filter]}` : subscribed;
}

/** The audience less the addresses refused for good by their server (decision 0019). */
const recipientCondition = (filter: NewsletterFilter | undefined) => sql`${audienceCondition(filter)} and users.email_undeliverable_at is null`;

/** How a mail greets its recipient: a person by first name, an organisation by its name. */
const recipientName = sql<string>`case when users.account_type = 'user' and users.firstname <> '' then users.firstname else users.username end`;

/** Who a sending would reach now, and how many of the audience it leaves out as undeliverable. */
export async function countRecipients(db: Kysely<Database>, filter: NewsletterFilter | undefined): Promise<{ count: number; undeliverable: number }> {
  const { rows } = await sql<{ count: string; undeliverable: string }>`
    select count(*) filter (where users.email_undeliverable_at is null) as count,
           count(*) filter (where users.email_undeliverable_at is not null) as undeliverable
    from users where ${audienceCondition(filter)}`.execute(db);
  return { count: Number(rows[0].count), undeliverable: Number(rows[0].undeliverable) };
}

interface NewNewsletter {
  title: string;
  description: string;
  letter: string;
  filter: NewsletterFilter | undefined;
  createdBy: string;
  idempotencyKey?: string;
}

/**
 * Starts a sending: the newsletter and one delivery per recipient, written by ONE statement,
 * so the list is exactly the subscribers of that instant (frozen: later accounts and
 * unsubscribes do not change who was picked). Workers of every instance then send them.
 * A key already used gives back the newsletter it queued: the unique column makes a
 * concurrent twin wait for the first, then insert nothing (decision 0012).
 */
export async function queueNewsletter(db: Kysely<Database>, newsletter: NewNewsletter): Promise<NewsletterQueued> {
  // No cache of this instance follows the queue: its own worker wakes up with the others, at
  // the notice.
  return change({ database: { db } }, async ({ db: trx, announce }) => {
    const { rows } = await sql<{ id: string; total: string }>`
      with newsletter as (
        insert into newsletters (title, description, letter, filter, created_by, idempotency_key)
        values (${newsletter.title}, ${newsletter.description}, ${newsletter.letter}, ${newsletter.filter ?? null}, ${newsletter.createdBy}, ${newsletter.idempotencyKey ?? null})
        on conflict (idempotency_key) do nothing
        returning id
      ), deliveries as (
        insert into newsletter_deliveries (newsletter_id, user_id, email, name)
        select newsletter.id, users.id, users.email, ${recipientName}
        from newsletter cross join users
        where ${recipientCondition(newsletter.filter)}
        returning user_id
      )
      select newsletter.id, (select count(*) from deliveries) as total from newsletter`.execute(trx);
    // Only a key used before inserts nothing.
    if (rows.length === 0) return alreadyQueued(trx, newsletter.idempotencyKey!);
    const queued = { newsletterId: rows[0].id, total: Number(rows[0].total) };
    // Thrown inside the transaction: nothing is kept of a newsletter nobody would get.
    if (queued.total === 0) throw new AppError(400, 'newsletter/no-recipients');
    await recordAction(trx, {
      actorId: newsletter.createdBy,
      kind: 'newsletter/send',
      targetType: 'newsletter',
      targetId: queued.newsletterId,
      summary: newsletter.title,
      details: { filter: newsletter.filter ?? 'all', recipients: queued.total },
    });
    // Fresh statistics, so the claims read the queue's index in order instead of sorting every
    // due row: the embedded database never analyzes on its own, PostgreSQL only later.
    await sql`analyze newsletter_deliveries`.execute(trx);
    // Delivered at commit: every instance's worker wakes up, every open editor refreshes.
    await announce('newsletter', { newsletterId: queued.newsletterId, queued: true });
    return queued;
  });
}

/** The newsletter a repeated request queued the first time, with its recipients. */
async function alreadyQueued(db: Kysely<Database>, idempotencyKey: string): Promise<NewsletterQueued> {
  const { rows } = await sql<{ id: string; total: string }>`
    select id, (select count(*) from newsletter_deliveries where newsletter_id = newsletters.id) as total
    from newsletters where idempotency_key = ${idempotencyKey}`.execute(db);
  return { newsletterId: rows[0].id, total: Number(rows[0].total) };
}

/** The account a test mail is personalised for, whether or not it is subscribed. */
export async function findRecipient(db: Kysely<Database>, userId: string): Promise<Recipient | undefined> {
  return db
    .selectFrom('users')
    .select(['users.id as userId', 'users.email', recipientName.as('name')])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The latest newsletters with their delivery counts, newest first. */
export async function newsletterHistory(db: Kysely<Database>, limit = 20): Promise<NewsletterSummary[]> {
  const rows = await db
    .selectFrom('newsletters')
    .leftJoin('newsletter_deliveries as d', 'd.newsletter_id', 'newsletters.id')
    .select([
      'newsletters.id',
      'newsletters.title',
      'newsletters.description',
      'newsletters.filter',
      'newsletters.created_at',
      sql<string>`count(d.user_id)`.as('total'),
      sql<string>`count(*) filter (where d.status = 'sent')`.as('sent'),
      sql<string>`count(*) filter (where d.status = 'failed')`.as('failed'),
    ])
    .groupBy('newsletters.id')
    .orderBy('newsletters.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const [total, sent, failed] = [Number(row.total), Number(row.sent), Number(row.failed)];
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      filter: row.filter,
      createdAt: row.created_at.toISOString(),
      total,
      sent,
      failed,
      pending: total - sent - failed,
    };
  });
}
