import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('the addresses a picture may be downloaded from', () => {
  it('are the public internet’s, in IPv4 and IPv6', () => {
    for (const address of ['142.250.74.110', '2a00:1450:4007:80e::200a', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('are never the server’s own network, its cloud’s metadata service, or a range that leads there', () => {
    const refused = {
      loopback: ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'],
      private: ['10.0.0.1', '172.16.5.4', '192.168.1.1'],
      'link-local and metadata': ['169.254.169.254', 'fe80::1'],
      'unique-local': ['fd00:ec2::254', 'fc00::1'],
      CGNAT: ['100.64.0.1', '100.100.100.200'],
      'unspecified, broadcast, multicast, reserved': ['0.0.0.0', '::', '255.255.255.255', '224.0.0.1', '192.0.2.1', '2001:db8::1'],
      'IPv4 translated into IPv6': ['64:ff9b::a9fe:a9fe', '2002:7f00:1::1'],
      'not an address': ['localhost', ''],
    };
    for (const [range, addresses] of Object.entries(refused)) {
      for (const address of addresses) expect(isPublicAddress(address), `${range}: ${address}`).toBe(false);
    }
  });
});
