import { sql, type Kysely } from 'kysely';
import { BONUS_AMOUNT_DEFAULT, isValidBonusAmount, type PublicAmounts } from '../../../shared/surveys';
import type { Database } from '../../platform/db/schema';

/** The settings row that plays spec §3's Consts/public_amounts document. */
const KEY = 'public_amounts';

export async function readPublicAmounts(db: Kysely<Database>): Promise<PublicAmounts> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  const bonusAmount = (row?.value as Partial<PublicAmounts> | undefined)?.bonusAmount;
  // A row written by hand with a wrong value must not break the survey page.
  return { bonusAmount: isValidBonusAmount(bonusAmount) ? bonusAmount : BONUS_AMOUNT_DEFAULT };
}

/** One upsert: the last of two concurrent saves wins, whole. */
export async function writePublicAmounts(db: Kysely<Database>, amounts: PublicAmounts): Promise<void> {
  const value = JSON.stringify(amounts);
  await db
    .insertInto('settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql`now()` })))
    .execute();
}
