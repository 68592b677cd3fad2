// Reads a server's JavaScript heap through its inspector (the server is started with
// `--inspect`), after collecting the garbage: RSS alone moves by megabytes with the GC and
// with the embedded database's thread, more than a thousand streams weigh.
import { once } from 'node:events';
import WebSocket from 'ws';

/** Bytes of live JavaScript objects on the server's main thread, after a full collection. */
export async function heapUsedAfterGc(inspectorUrl) {
  const socket = new WebSocket(inspectorUrl);
  await once(socket, 'open');
  const pending = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  let nextId = 0;
  const send = (method) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)));
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    // Twice: objects freed by the first collection's finalisers go in the second.
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const { usedSize } = await send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    socket.close();
  }
}
