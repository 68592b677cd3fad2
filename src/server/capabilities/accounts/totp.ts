import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { PublicConfig } from '../../../shared/public-config';

const PERIOD = 30;

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 seconds. */
const totp = (site: PublicConfig, email: string, secret: string) =>
  new TOTP({ issuer: site.projectName, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** 160 random bits, as RFC 4226 recommends, in base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an app scans, and the same as an SVG QR code in a data: URL. */
export async function totpEnrolment(site: PublicConfig, email: string, secret: string) {
  const uri = totp(site, email, secret).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step of `code` if it is right now, or one step before or after (a phone's clock a
 * little off); undefined otherwise. The caller refuses a step not newer than the last accepted.
 */
export function totpStep(site: PublicConfig, email: string, secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totp(site, email, secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}
