// Many open /api/live?topics=words streams spread over a few child processes, so the clients'
// own event loops do not queue the arrivals they are timing.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'live-clients.mjs');

function nextMessage(child, type, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`live clients: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (message) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
  });
}

/** Opens `count` streams to `url` from `processes` children; resolves once all are connected. */
export async function openCrowd(url, count, processes = 2) {
  const children = Array.from({ length: processes }, (_, i) => {
    const share = Math.floor(count / processes) + (i < count % processes ? 1 : 0);
    return fork(CLIENT, [url, String(share)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  });
  const ready = await Promise.all(children.map((child) => nextMessage(child, 'ready', 120_000)));
  return {
    open: ready.reduce((sum, message) => sum + message.open, 0),
    failures: ready.reduce((sum, message) => sum + message.failures, 0),
    /** Arrival times (hrtime ns) of the events received since the last collect. */
    async collect() {
      const replies = await Promise.all(
        children.map((child) => {
          const reply = nextMessage(child, 'arrivals', 30_000);
          child.send({ type: 'report' });
          return reply;
        }),
      );
      return replies.flatMap((message) => message.times.map(BigInt));
    },
    async close() {
      await Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          if (child.connected) child.send({ type: 'close' });
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          return exited.finally(() => clearTimeout(timer));
        }),
      );
    },
  };
}

/** Milliseconds from `start` (hrtime ns) to each arrival. */
export function latenciesMs(start, arrivals) {
  return arrivals.map((time) => Number(time - start) / 1e6);
}
