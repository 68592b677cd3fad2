import { useEffect, useState } from 'react';
import { getPublicAmounts } from './api';

export type BonusAmountState = { status: 'loading' } | { status: 'loaded'; amount: number } | { status: 'unavailable' };

/** The pre-use bonus (spec §7 Consts/public_amounts), read when the page shows. */
export function useBonusAmount(): BonusAmountState {
  const [state, setState] = useState<BonusAmountState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getPublicAmounts(controller.signal).then(
      ({ bonusAmount }) => setState({ status: 'loaded', amount: bonusAmount }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
