import type { Capability } from '../platform/capability';
import { accountsCapability } from './accounts/index';
import { audienceCapability } from './audience/index';
import { counterCapability } from './counter/index';
import { dashboardCapability } from './dashboard/index';
import { downloadCapability } from './download/index';
import { eventReportsCapability } from './event-reports/index';
import { journalCapability } from './journal/index';
import { membersCapability } from './members/index';
import { moderationCapability } from './moderation/index';
import { newsletterCapability } from './newsletter/index';
import { claimByLink, organisationsCapability } from './organisations/index';
import { settingsCapability } from './settings/index';
import { sportsCapability } from './sports/index';
import { surveysCapability } from './surveys/index';
import { textsCapability } from './texts/index';
import { wikiCapability } from './wiki/index';
import { wordsCapability } from './words/index';

/** Every capability of the site, in the order their routes and retention steps run. */
export const capabilities: Capability[] = [
  accountsCapability([claimByLink]),
  organisationsCapability,
  counterCapability,
  audienceCapability,
  wordsCapability,
  sportsCapability,
  moderationCapability,
  surveysCapability,
  settingsCapability,
  wikiCapability,
  textsCapability,
  eventReportsCapability,
  downloadCapability,
  newsletterCapability,
  membersCapability,
  journalCapability,
  dashboardCapability,
];
