import ipaddr from 'ipaddr.js';

/**
 * Whether the import may download a picture from `address`: the public internet's unicast
 * addresses only. A picture's URL comes from a field members could write on the old site, so
 * loopback, private, link-local (the clouds' metadata service, 169.254.169.254), unique-local,
 * shared (CGNAT), reserved and translated ranges are refused, an IPv4 address written as IPv6
 * included: the URL cannot make the server reach its own network.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}
