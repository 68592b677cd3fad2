import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { ConfigError, type Env } from '../../shared/environment';

export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))*$/i;

/**
 * DKIM_DOMAIN, DKIM_SELECTOR and the private key (DKIM_PRIVATE_KEY, PEM with `\n` for line
 * breaks since an environment file holds one line a setting, or DKIM_PRIVATE_KEY_FILE): all
 * or none. Checked here rather than at the first mail: a key that does not parse would
 * otherwise fail every mail, and a domain other than the sender's would sign mails that
 * receivers' DMARC checks still reject.
 */
export function dkim(env: Env, mailFrom: string): DkimConfig | undefined {
  const domainName = env.DKIM_DOMAIN?.trim() ?? '';
  const keySelector = env.DKIM_SELECTOR?.trim() ?? '';
  const keyText = env.DKIM_PRIVATE_KEY?.trim() ?? '';
  const keyFile = env.DKIM_PRIVATE_KEY_FILE?.trim() ?? '';
  if (!domainName && !keySelector && !keyText && !keyFile) return undefined;
  if (!domainName || !keySelector || (!keyText && !keyFile)) {
    throw new ConfigError('DKIM demande DKIM_DOMAIN, DKIM_SELECTOR et DKIM_PRIVATE_KEY (ou DKIM_PRIVATE_KEY_FILE) ensemble');
  }
  if (keyText && keyFile) throw new ConfigError('DKIM_PRIVATE_KEY ou DKIM_PRIVATE_KEY_FILE, pas les deux');
  if (!HOSTNAME.test(domainName)) throw new ConfigError(`DKIM_DOMAIN doit être un nom de domaine, reçu "${domainName}"`);
  if (!SELECTOR.test(keySelector))
    throw new ConfigError(`DKIM_SELECTOR doit être un nom DNS simple comme "mail2026", reçu "${keySelector}"`);
  const senderDomain = /@([^@>\s]+)>?\s*$/.exec(mailFrom)?.[1]?.toLowerCase() ?? '';
  const domain = domainName.toLowerCase();
  if (senderDomain !== domain && !senderDomain.endsWith(`.${domain}`)) {
    throw new ConfigError(
      `DKIM_DOMAIN (${domainName}) doit être le domaine de MAIL_FROM (${senderDomain || 'aucun'}) ou un domaine parent, sinon les contrôles DMARC des destinataires échouent`,
    );
  }
  let privateKey = keyText.replaceAll('\\n', '\n');
  if (keyFile) {
    try {
      privateKey = fs.readFileSync(keyFile, 'utf8');
    } catch (error) {
      throw new ConfigError(`DKIM_PRIVATE_KEY_FILE ne peut pas être lu : ${(error as Error).message}`);
    }
  }
  try {
    createPrivateKey(privateKey);
  } catch {
    throw new ConfigError("la clé privée DKIM n'est pas une clé privée PEM (RSA ou Ed25519)");
  }
  return { domainName, keySelector, privateKey };
}
