import { useLoad } from '../../platform/data/useLoad';
import { getPublicAmounts } from './api';

type BonusAmountState = { status: 'loading' } | { status: 'loaded'; amount: number } | { status: 'unavailable' };

/** The pre-use bonus (spec §7 Consts/public_amounts), read when the page shows. */
export function useBonusAmount(): BonusAmountState {
  const { loading, data } = useLoad('public-amounts', getPublicAmounts);
  if (loading) return { status: 'loading' };
  return data ? { status: 'loaded', amount: data.bonusAmount } : { status: 'unavailable' };
}
