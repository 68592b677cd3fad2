import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VERIFICATION_MAILS_PER_HOUR, type ChangeEmailPayload, type EmailChangeStatus, type VerificationLinkPreview, type VerifyEmailPayload, type VerifyEmailResponse } from '../../../shared/accounts';
import { isValidEmail, normalizeEmail } from '../../../shared/validation/email';
import { AppError } from '../../platform/http/errors';
import { requestLimit } from '../../platform/http/request-limit';
import { requireMember } from '../../platform/http/route-groups';
import { boolean, nullable, object, shape, string, text } from '../../platform/http/schema';
import { emailChangeNoticeMail } from './email-verification-mail';
import {
  dropPendingEmailChanges,
  greetingName,
  mailVerificationLink,
  pendingEmailChange,
  previewVerificationLink,
  verifyEmail,
} from './email-verification';
import type { AuthRateLimit } from './rate-limits';
import { accountWithEmail, type UserRow } from './users';

/** The member's password, checked under the login throttle (account-routes.ts). */
type PasswordCheck = (request: FastifyRequest, user: UserRow, password: string) => Promise<boolean>;

/**
 * Another capability's link mailed to an address and opened on the same page (an
 * organisation's claim, decision 0026): its answer, or undefined when the token is not one.
 */
export type LinkOpener = (app: FastifyInstance, token: string) => Promise<VerifyEmailResponse | undefined>;

/** The page's calls when a verification link is opened: public, and they open no session. */
export function emailVerificationRoutes(app: FastifyInstance, authRateLimit: AuthRateLimit, otherLinks: LinkOpener[]) {
  const { db } = app.database;
  // A token is 43 characters; the per-IP auth budget bounds guessing (of 256 bits) anyway.
  const tokenBody = { body: object({ token: string({ maxLength: 100 }) }) };
  // `VerificationLinkPreview`: the address and the name come with `change: true` only.
  const preview = shape({ change: boolean, email: text, accountName: text }, ['email', 'accountName']);
  const verified = shape({ email: text, changed: boolean });

  // What the link asks before it is used: a change of address waits for a click.
  app.post<{ Body: VerifyEmailPayload }>(
    '/api/auth/verification-link',
    { schema: { ...tokenBody, response: { 200: preview } }, onRequest: authRateLimit },
    async (request): Promise<VerificationLinkPreview> => previewVerificationLink(db, request.body.token.trim()),
  );

  app.post<{ Body: VerifyEmailPayload }>(
    '/api/auth/verify-email',
    { schema: { ...tokenBody, response: { 200: verified } }, onRequest: authRateLimit },
    async (request): Promise<VerifyEmailResponse> => {
      const token = request.body.token.trim();
      for (const open of otherLinks) {
        const opened = await open(app, token);
        if (opened) return opened;
      }
      return verifyEmail(db, token);
    },
  );
}

/** A member's own address: a new link for it, and changing it (decision 0018). */
export function emailRoutes(app: FastifyInstance, passwordMatches: PasswordCheck) {
  const { db } = app.database;
  // Per member and instance, counted before anything else: each request may mail someone.
  const mailLimit = requestLimit(app, {
    name: 'verification-mail',
    max: VERIFICATION_MAILS_PER_HOUR,
    timeWindow: 60 * 60_000,
    key: (request) => requireMember(request).id,
  });
  const status = shape({ pendingEmail: nullable(text) });

  app.post('/api/account/verification-mail', { schema: { body: object({}) }, onRequest: mailLimit }, async (request, reply) => {
    const user = requireMember(request);
    // A refused address may be fixed on the member's side (a full or closed mailbox): a new
    // link, once opened, proves it works again (decision 0019).
    if (user.email_verified_at && !user.email_undeliverable_at) throw new AppError(409, 'users/email-already-verified');
    await mailVerificationLink(app, { id: user.id, name: greetingName(user) }, user.email, false);
    return reply.code(204).send();
  });

  app.get('/api/account/email', { schema: { response: { 200: status } } }, async (request, reply): Promise<EmailChangeStatus> => {
    const user = requireMember(request);
    reply.header('cache-control', 'no-store');
    return { pendingEmail: await pendingEmailChange(db, user.id, user.email) };
  });

  app.post<{ Body: ChangeEmailPayload }>(
    '/api/account/email',
    {
      schema: { body: object({ newEmail: string({ maxLength: 500 }), password: string({ maxLength: 1000 }) }), response: { 202: status } },
      onRequest: mailLimit,
    },
    async (request, reply) => {
      const user = requireMember(request);
      const typed = request.body.newEmail.trim();
      if (!isValidEmail(typed)) throw new AppError(400, 'users/invalid-email');
      if (!(await passwordMatches(request, user, request.body.password))) throw new AppError(401, 'auth/wrong-password');
      const newEmail = normalizeEmail(typed);
      if (newEmail === user.email) throw new AppError(400, 'users/same-email');
      // Said now to spare a useless mail; the unique constraint decides when the link is opened.
      const taken = await accountWithEmail(db, newEmail);
      if (taken) throw new AppError(409, 'users/email-already-taken');
      await dropPendingEmailChanges(db, user.id, user.email);
      const name = greetingName(user);
      // The current address is told first: no link leaves if its owner cannot hear of it.
      await app.mailer.send({ to: user.email, ...emailChangeNoticeMail(app.config.public, { name, newEmail }) });
      await mailVerificationLink(app, { id: user.id, name }, newEmail, true);
      return reply.code(202).send({ pendingEmail: newEmail } satisfies EmailChangeStatus);
    },
  );
}
