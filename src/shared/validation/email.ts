/** RFC 5321 caps a whole address at 254 characters and its local part at 64. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

// ASCII only, like the browser's <input type="email">: addresses with accented local parts
// (SMTPUTF8) are refused by many mail servers, so accepting them would mean mails never arrive.
// Stricter than the browser on purpose: dots only between atoms, and a dotted domain whose
// last label is a real-looking TLD, so 'alice@localhost' or 'alice@free.f' are typos.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

/** Tests the value exactly as given: callers trim what the visitor typed. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  if (value.indexOf('@') > LOCAL_PART_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}

/** The form under which an address is stored and compared, so 'Alice@X.fr ' is 'alice@x.fr'. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
