import type { FastifyInstance } from 'fastify';
import {
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
  NEWSLETTER_FILTERS,
  type NewsletterContent,
  type NewsletterFilter,
  type NewsletterHistory,
  type NewsletterPreview,
  type RecipientCount,
  type SendNewsletterPayload,
  type SendTestPayload,
} from '../../../shared/newsletter/api';
import {
  NEWSLETTER_DESCRIPTION_MAX_LENGTH,
  NEWSLETTER_LETTER_MAX_LENGTH,
  NEWSLETTER_TITLE_MAX_LENGTH,
  newsletterContentError,
} from '../../../shared/newsletter/validation';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../../../shared/validation/email';
import { AppError } from '../../platform/http/errors';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, dataOf, dateTime, integer, listOf, nullable, object, oneOf, shape, string, text } from '../../platform/http/schema';
import { isUuid } from '../../platform/db/keys';
import { recordAction } from '../journal/index';
import { newsletterMail, prepareLetter } from './mail';
import { countRecipients, findRecipient, newsletterHistory, queueNewsletter } from './newsletters';
import { unsubscribeSecret, unsubscribeToken } from './unsubscribe-token';

// A long letter in accented French can pass the app's 64 kB JSON limit.
const LETTER_BODY_LIMIT = 256 * 1024;

// Lengths a little over the rules, so an over-long field gets the rule's French message.
const content = {
  letter: string({ maxLength: NEWSLETTER_LETTER_MAX_LENGTH + 1 }),
  title: string({ maxLength: NEWSLETTER_TITLE_MAX_LENGTH * 2 }),
  desc: string({ maxLength: NEWSLETTER_DESCRIPTION_MAX_LENGTH * 2 }),
};
const filter = oneOf(NEWSLETTER_FILTERS);

/** `NewsletterSummary`s, newest first. */
const history = shape({
  newsletters: listOf(
    shape({
      id: text,
      title: text,
      description: text,
      filter: nullable(filter),
      createdAt: dateTime,
      total: integer,
      sent: integer,
      failed: integer,
      pending: integer,
    }),
  ),
});

function assertContent(payload: NewsletterContent) {
  const code = newsletterContentError(payload);
  if (code) throw new AppError(400, code);
}

const letterOf = (payload: NewsletterContent) =>
  prepareLetter({ title: payload.title.trim(), description: payload.desc.trim(), letter: payload.letter });

/** The editor's endpoints (role admin; the group's guard runs before anything else). */
export function newsletterAdminRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const site = app.config.public;

  /** One recipient's mail, exactly as the worker would build it. */
  async function personalMail(payload: NewsletterContent, userId: string) {
    const recipient = isUuid(userId) ? await findRecipient(db, userId) : undefined;
    if (!recipient) throw new AppError(404, 'newsletter/unknown-user');
    return newsletterMail(site, letterOf(payload), recipient, unsubscribeToken(await unsubscribeSecret(db), recipient.userId));
  }

  // Spec §7 newsletter-sendTest: to the test address, personalised for the test account.
  // The payload's filter is accepted as the spec sends it; a test goes to one address.
  app.post<{ Body: SendTestPayload }>(
    '/api/fn/newsletter-sendTest',
    {
      bodyLimit: LETTER_BODY_LIMIT,
      schema: {
        body: object({ ...content, email: string({ maxLength: EMAIL_MAX_LENGTH + 10 }), userId: string({ maxLength: 64 }), filter }, [
          'letter',
          'title',
          'desc',
          'email',
          'userId',
        ]),
        response: { 200: dataOf(shape({ sent: boolean })) },
      },
    },
    async (request) => {
      assertContent(request.body);
      const email = request.body.email.trim();
      if (!isValidEmail(email)) throw new AppError(400, 'users/invalid-email');
      const mail = await personalMail(request.body, request.body.userId.trim());
      try {
        await app.mailer.send({ ...mail, to: email, subject: `[TEST] ${mail.subject}` });
      } catch (error) {
        request.log.warn({ err: error }, 'newsletter test mail not sent');
        throw new AppError(502, 'newsletter/test-not-sent');
      }
      // A mail has no transaction to share: the row says it left, once it has.
      await recordAction(db, {
        actorId: requireMember(request).id,
        kind: 'newsletter/test',
        targetType: 'newsletter',
        summary: `${request.body.title.trim()} → ${email}`,
        details: { email, testUserId: request.body.userId.trim() },
      });
      return { data: { sent: true } };
    },
  );

  // Spec §7 newsletter-send: starts the durable sending and answers at once.
  app.post<{ Body: SendNewsletterPayload }>(
    '/api/fn/newsletter-send',
    {
      bodyLimit: LETTER_BODY_LIMIT,
      schema: {
        body: object({ ...content, filter, idempotencyKey: string({ minLength: IDEMPOTENCY_KEY_MIN_LENGTH, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH }) }, [
          'letter',
          'title',
          'desc',
        ]),
        response: { 200: dataOf(shape({ newsletterId: text, total: integer })) },
      },
      // Mails every member of the target: the password or a factor given within 10 minutes.
      config: { recentAuthentication: 'recent' },
    },
    async (request) => {
      assertContent(request.body);
      const queued = await queueNewsletter(db, {
        title: request.body.title.trim(),
        description: request.body.desc.trim(),
        letter: request.body.letter,
        filter: request.body.filter,
        createdBy: requireMember(request).id,
        idempotencyKey: request.body.idempotencyKey,
      });
      return { data: queued };
    },
  );

  // The editor's live preview: the e-mail as the admin would receive it.
  app.post<{ Body: NewsletterContent }>(
    '/api/admin/newsletter/preview',
    { bodyLimit: LETTER_BODY_LIMIT, schema: { body: object(content), response: { 200: shape({ subject: text, html: text, text }) } } },
    async (request): Promise<NewsletterPreview> => {
      const { subject, html, text } = await personalMail(request.body, requireMember(request).id);
      return { subject, html, text };
    },
  );

  app.get<{ Querystring: { filter?: NewsletterFilter } }>(
    '/api/admin/newsletter/recipients',
    { schema: { querystring: object({ filter }, []), response: { 200: shape({ count: integer, undeliverable: integer }) } } },
    async (request): Promise<RecipientCount> => countRecipients(db, request.query.filter),
  );

  app.get('/api/admin/newsletters', { schema: { response: { 200: history } } }, async (): Promise<NewsletterHistory> => ({ newsletters: await newsletterHistory(db) }));
}
