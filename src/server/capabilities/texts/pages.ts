import type { FastifyInstance } from 'fastify';
import { privacyPolicyHeadingHtml, tableOfContentsHtml, TEXT_PAGES, TEXT_PARTS, textBodyHtml, textTitleHtml } from '../../../shared/text-pages';
import type { PagePart } from '../../platform/http/page-parts';
import { publishedText } from './published';

/**
 * The published texts in the HTML the server sends: the privacy policy (its title and date,
 * its contents and its text, with the page's title and description), the founders' message on
 * the home page (its section's heading too) and the legal notice's free text. Each page is filled once and kept until a
 * text is published or restored (the `texts` notice, heard by every instance).
 */
export const textPageParts = (app: FastifyInstance): PagePart[] => {
  const policy = () => publishedText(app, 'privacy-policy');
  const path = TEXT_PAGES['privacy-policy'];
  return [
    {
      path,
      name: TEXT_PARTS.privacyPolicyHeading,
      topics: ['texts'],
      render: async () => privacyPolicyHeadingHtml(await policy()),
      head: async () => {
        const { title, description } = await policy();
        return { title: `${title} · ${app.config.public.projectName}`, description, url: `${app.config.public.publicUrl}${path}` };
      },
    },
    { path, name: TEXT_PARTS.privacyPolicyContents, topics: ['texts'], render: async () => tableOfContentsHtml((await policy()).headings) },
    { path, name: TEXT_PARTS.privacyPolicyBody, topics: ['texts'], render: async () => textBodyHtml(await policy()) },
    { path: TEXT_PAGES['founders-message'], name: TEXT_PARTS.foundersMessageTitle, topics: ['texts'], render: async () => textTitleHtml(await publishedText(app, 'founders-message')) },
    { path: TEXT_PAGES['founders-message'], name: TEXT_PARTS.foundersMessage, topics: ['texts'], render: async () => textBodyHtml(await publishedText(app, 'founders-message')) },
    { path: TEXT_PAGES['legal-notice'], name: TEXT_PARTS.legalNoticeText, topics: ['texts'], render: async () => textBodyHtml(await publishedText(app, 'legal-notice')) },
  ];
};
