import net from 'node:net';

/**
 * A port free when asked, for a server process that must be told its port. Another process may
 * take it before the server binds it: prefer port 0 where the server can report its own.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
