// A child process holding many GET /api/live?topics=words streams (what the supporters' wall
// follows), each on its own socket as separate browsers would. It notes when every stream
// receives each 'words' event, on the monotonic clock (process.hrtime, shared by all processes
// of the machine), and reports on request.
// Messages from the parent: { type: 'report' } → { type: 'arrivals', times: bigint[] as strings }.
import http from 'node:http';

const [url, countArg, topic = 'words'] = process.argv.slice(2);
const count = Number(countArg);
const CONNECT_TIMEOUT_MS = 60_000;
let arrivals = [];
let failures = 0;
const sockets = [];

function open() {
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/live?topics=${topic}`, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        failures += 1;
        response.resume();
        resolve();
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let connected = false;
      response.on('data', (chunk) => {
        const now = process.hrtime.bigint();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(`event: ${topic}\n`)) arrivals.push(now);
          if (!connected && block.includes(': connected')) {
            connected = true;
            resolve();
          }
        }
      });
      response.on('error', () => {});
    });
    request.on('error', () => {
      failures += 1;
      resolve();
    });
    request.setTimeout(CONNECT_TIMEOUT_MS, () => request.destroy());
    sockets.push(request);
  });
}

// A few connections at a time, as a crowd of browsers arriving rather than one SYN flood.
for (let i = 0; i < count; i += 50) {
  await Promise.all(Array.from({ length: Math.min(50, count - i) }, open));
}
process.send({ type: 'ready', open: count - failures, failures });

process.on('message', (message) => {
  if (message.type === 'report') {
    process.send({ type: 'arrivals', times: arrivals.map(String) });
    arrivals = [];
  } else if (message.type === 'close') {
    for (const request of sockets) request.destroy();
    process.disconnect();
  }
});
