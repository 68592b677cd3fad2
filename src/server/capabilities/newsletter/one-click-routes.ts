import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { boolean, dataOf, object, shape, string } from '../../platform/http/schema';
import { change } from '../../platform/live/change';
import { setNewsletterSubscription } from './subscription';
import { userOfUnsubscribeToken } from './unsubscribe-token';

const ONE_CLICK_PATH = '/api/newsletter/one-click';
const FORM_BODY_LIMIT = 2048;
const query = { querystring: object({ token: string({ maxLength: 200 }) }) };

/** RFC 8058 §3.1: the POST carries 'List-Unsubscribe=One-Click', as a form in either encoding. */
function isOneClickBody(contentType: string, body: string): boolean {
  if (contentType.startsWith('multipart/form-data')) {
    return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(body);
  }
  return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
}

/**
 * The signed URL of the List-Unsubscribe header (RFC 8058). A mail app posts to it from its
 * own servers, with no session and no same-origin Origin: the signature is the authority.
 */
export function oneClickRoutes(app: FastifyInstance) {
  const { db } = app.database;

  async function userOf(token: string): Promise<string> {
    const userId = await userOfUnsubscribeToken(db, token);
    if (!userId) throw new AppError(400, 'newsletter/invalid-link');
    return userId;
  }

  // The app accepts JSON only; this one route also reads the form body RFC 8058 prescribes.
  app.register(async (oneClick) => {
    oneClick.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (request, body, done) => done(null, { oneClick: isOneClickBody(request.headers['content-type'] ?? '', body as string) }),
    );

    oneClick.post<{ Querystring: { token: string }; Body: { oneClick?: boolean } | undefined }>(
      ONE_CLICK_PATH,
      { config: { csrf: false }, schema: { ...query, response: { 200: dataOf(shape({ unsubscribed: boolean })) } } },
      async (request) => {
        const userId = await userOf(request.query.token);
        if (request.body?.oneClick !== true) throw new AppError(400, 'http/bad-request');
        // A deleted account gets no mail either: the request still succeeds.
        await change(app, (subscription) => setNewsletterSubscription(subscription, userId, false));
        return { data: { unsubscribed: true } };
      },
    );
  });

  // A mail app that opens the link in a browser instead (a GET must not unsubscribe, since
  // link checkers fetch URLs): the unsubscribe page, which asks the member to sign in.
  app.get<{ Querystring: { token: string } }>(ONE_CLICK_PATH, { schema: query }, async (request, reply) =>
    reply.redirect(`/newsletter-unsubscribe/${await userOf(request.query.token)}`, 303),
  );
}
