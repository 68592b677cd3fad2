import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * Who a per-client limit counts a request against: its IPv4 address, or the /64 network of
 * an IPv6 one, since a home or a phone gets a whole /64 and may use any address in it. An
 * IPv4 address in IPv6 form (::ffff:192.0.2.1, as dual-stack sockets report it) is that IPv4
 * address. `request.ip` is the client as TRUST_PROXY allows to read it (config.ts).
 */
export function clientKey(request: FastifyRequest): string {
  return addressKey(request.ip);
}

export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify reads a bare number as "trust no hop" (so that a
 * client reaching the server directly cannot spoof its address by sending enough entries),
 * so a count is given as the function it stands for: the operator who sets one states that
 * the server is reachable only through that many proxies (README, TRUST_PROXY).
 */
export function fastifyTrustProxy(setting: false | number | string[]) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
