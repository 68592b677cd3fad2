import type { FastifyInstance } from 'fastify';
import { LEGAL_NOTICE_PART, legalNoticeHtml, PRIVACY_CONTACT_PART, privacyContactHtml } from '../../../shared/legal-notice';
import type { PagePart } from '../../platform/http/page-parts';
import { readLegalNotice } from './legal-notice';

/**
 * The legal notice's facts in the HTML the server sends: on /mentions-legales, and as the
 * privacy policy's section 11 contact, one source for both. They change at run time, after
 * the pages were built, so the server writes them, written again once an admin saves them.
 */
export const legalNoticePageParts = (app: FastifyInstance): PagePart[] => {
  const notice = () => readLegalNotice(app.database.db, app.config.legalNotice);
  return [
    { path: '/mentions-legales', name: LEGAL_NOTICE_PART, topics: ['legal-notice'], render: async () => legalNoticeHtml(await notice()) },
    { path: '/calshare/privacy_policy', name: PRIVACY_CONTACT_PART, topics: ['legal-notice'], render: async () => privacyContactHtml(await notice()) },
  ];
};
