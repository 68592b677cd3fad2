// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ApiError } from '../http/http';
import { useAction } from './useAction';

afterEach(cleanup);

function Probe({ action, outcome }: { action: () => Promise<void>; outcome: (ok: boolean) => void }) {
  const { running, busy, error, run } = useAction<'save'>();
  return (
    <>
      <button onClick={() => void run(action, 'save').then(outcome)}>Go</button>
      <p>{busy ? `running ${running}` : 'idle'}</p>
      {error && <p role="alert">{error}</p>}
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

it('names the running action, ignores a second start meanwhile, and reports success', async () => {
  const call = deferred();
  let calls = 0;
  const outcomes: boolean[] = [];
  render(
    <Probe
      action={() => {
        calls += 1;
        return call.promise;
      }}
      outcome={(ok) => outcomes.push(ok)}
    />,
  );
  act(() => screen.getByText('Go').click());
  expect(screen.getByText('running save')).toBeTruthy();
  await act(async () => screen.getByText('Go').click());
  await act(async () => call.resolve());
  expect(screen.getByText('idle')).toBeTruthy();
  expect(calls).toBe(1);
  expect(outcomes).toEqual([false, true]);
});

it('shows the server’s French message, and clears it when the next action starts', async () => {
  const first = deferred();
  const second = deferred();
  const calls = [first, second];
  render(<Probe action={() => calls.shift()!.promise} outcome={() => {}} />);
  act(() => screen.getByText('Go').click());
  await act(async () => first.reject(new ApiError(409, 'words/already-left', 'Hmm, on dirait que tu as déjà laissé une marque... 🤔')));
  expect(screen.getByRole('alert').textContent).toBe('Hmm, on dirait que tu as déjà laissé une marque... 🤔');
  act(() => screen.getByText('Go').click());
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => second.resolve());
});
