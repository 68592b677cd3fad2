import { legalNoticeErrors, normalizeLegalNotice, type LegalNotice, type LegalNoticeField } from '../../shared/legal-notice';
import { ConfigError, type Env } from '../../shared/environment';

/** Each fact of the legal notice's variable, for a first start: what an admin saves wins over them. */
const LEGAL_NOTICE_SETTINGS: Record<LegalNoticeField, string> = {
  associationName: 'LEGAL_ASSOCIATION_NAME',
  address: 'LEGAL_ADDRESS',
  phone: 'LEGAL_PHONE',
  email: 'LEGAL_EMAIL',
  director: 'LEGAL_DIRECTOR',
  hostName: 'LEGAL_HOST_NAME',
  hostAddress: 'LEGAL_HOST_ADDRESS',
  hostPhone: 'LEGAL_HOST_PHONE',
  rna: 'LEGAL_RNA',
  siret: 'LEGAL_SIRET',
  federation: 'LEGAL_FEDERATION',
};

/** The same rules as the admin's form (shared/legal-notice.ts): a bad value stops the server. */
export function legalNotice(env: Env, contactEmail: string): LegalNotice {
  const raw = Object.fromEntries(Object.entries(LEGAL_NOTICE_SETTINGS).map(([field, name]) => [field, env[name] ?? '']));
  const notice = normalizeLegalNotice({ ...raw, email: env.LEGAL_EMAIL?.trim() || contactEmail });
  const [field, message] = Object.entries(legalNoticeErrors(notice))[0] ?? [];
  if (field && message) {
    // The e-mail of a notice whose LEGAL_EMAIL is unset is CONTACT_EMAIL's: name the variable to fix.
    const name = field === 'email' && !env.LEGAL_EMAIL?.trim() ? 'CONTACT_EMAIL (LEGAL_EMAIL non défini)' : LEGAL_NOTICE_SETTINGS[field as LegalNoticeField];
    throw new ConfigError(`${name} : ${message}`);
  }
  return notice;
}
