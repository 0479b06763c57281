import { describe, expect, it } from 'vitest';
import { rateLimitSubject } from './clientAddress';

describe('rateLimitSubject', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(rateLimitSubject('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv4-mapped IPv6 addresses as the IPv4 address, however written', () => {
    for (const spelling of [
      '::ffff:203.0.113.7',
      '::FFFF:203.0.113.7',
      '::ffff:cb00:7107',
      '0:0:0:0:0:ffff:cb00:7107',
    ]) {
      expect(rateLimitSubject(spelling), spelling).toBe('203.0.113.7');
    }
  });

  it('counts IPv6 by its /64, and every spelling of one address alike', () => {
    const subject = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::9'),
    ]) {
      expect(rateLimitSubject(address), address).toBe(subject);
    }
    expect(rateLimitSubject('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
  });
});
