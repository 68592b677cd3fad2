import { useState } from 'react';
import { errorMessage } from '../http/http';

/**
 * What every form keeps around its server calls: which action is running (its button
 * shows the spinner, and no second one starts meanwhile) and the error box's French message.
 * `run` resolves to true when the action succeeded.
 */
export function useAction<Name extends string = 'submit'>() {
  const [running, setRunning] = useState<Name>();
  const [error, setError] = useState<string>();

  async function run(action: () => Promise<void>, name = 'submit' as Name): Promise<boolean> {
    if (running !== undefined) return false;
    setRunning(name);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(errorMessage(caught));
      return false;
    } finally {
      setRunning(undefined);
    }
  }

  return { running, busy: running !== undefined, error, setError, run };
}
