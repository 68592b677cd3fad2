/**
 * The pre-use survey's bonus (spec §3 Consts/public_amounts.bonusAmount): euros offered on the
 * first trip as passenger, set by the admin (PRODUCT.md, default 5 €).
 */
export const BONUS_AMOUNT_DEFAULT = 5;
const BONUS_AMOUNT_MIN = 0;
const BONUS_AMOUNT_MAX = 1000;

/** Euros with at most two decimals (cents), within the admin's bounds. */
export function isValidBonusAmount(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    value >= BONUS_AMOUNT_MIN &&
    value <= BONUS_AMOUNT_MAX &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}

/** What the admin types: '5', '7,50' or '7.5' (a trailing '€' is allowed); undefined when it is no valid amount. */
export function parseBonusAmount(text: string): number | undefined {
  const match = /^\s*(\d{1,4})(?:[.,](\d{1,2}))?\s*€?\s*$/.exec(text);
  if (!match) return undefined;
  const value = Number(`${match[1]}.${match[2] ?? '0'}`);
  return isValidBonusAmount(value) ? value : undefined;
}

const wholeEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });

/** '5 €' or '7,50 €' (French spacing, with a no-break space before the sign). */
export function formatEuros(value: number): string {
  return (Number.isInteger(value) ? wholeEuros : euroCents).format(value);
}
