// An SMTP server that accepts every message as fast as it can and only counts them (and keeps
// the first one, so the yardstick can send the same letter): the newsletter benchmark
// measures the sender, not the receiver.
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink() {
  const stats = { messages: 0, bytes: 0, firstAt: 0n, lastAt: 0n, first: undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app's pool and the bare loop open the same number of connections; leave room.
    maxClients: 100,
    onData(stream, _session, callback) {
      let bytes = 0;
      const keep = stats.messages === 0 ? [] : undefined;
      stream.on('data', (chunk) => {
        bytes += chunk.length;
        keep?.push(chunk);
      });
      stream.on('end', () => {
        const now = process.hrtime.bigint();
        if (stats.messages === 0) {
          stats.firstAt = now;
          stats.first = Buffer.concat(keep ?? []);
        }
        stats.messages += 1;
        stats.bytes += bytes;
        stats.lastAt = now;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    port: server.server.address().port,
    stats,
    reset() {
      Object.assign(stats, { messages: 0, bytes: 0, firstAt: 0n, lastAt: 0n, first: undefined });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
