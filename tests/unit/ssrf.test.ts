import { describe, expect, it } from 'vitest';
import {
  allowListFromEnv,
  BlockedError,
  chooseAddress,
  classifyAddress,
  ipLiteral,
  parseIPv4,
  parseIPv6,
  parseTarget,
} from '../../supabase/functions/_shared/ssrf.ts';

describe('ssrf: IPv4 spellings', () => {
  it.each([
    ['127.0.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0x7f000001', 0x7f000001],
    ['017700000001', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['0x7f.1', 0x7f000001],
    ['127.1', 0x7f000001],
    ['127.0.1', 0x7f000001],
    ['0xA9.0xFE.0xA9.0xFE', 0xa9fea9fe],
    ['127.0.0.1.', 0x7f000001],
  ])('%s is %i', (text, value) => {
    expect(parseIPv4(text)).toBe(value);
  });

  it.each(['256.0.0.1', '1.2.3.4.5', 'example.com', '08.1.1.1', '4294967296', '', '1..1'])('%s is not IPv4', (text) => {
    expect(parseIPv4(text)).toBeNull();
  });
});

describe('ssrf: IPv6 parsing', () => {
  it('expands :: and a trailing IPv4', () => {
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('[::ffff:127.0.0.1]')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIPv6('2606:4700::6810:84e5')).toEqual([0x2606, 0x4700, 0, 0, 0, 0, 0x6810, 0x84e5]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it.each(['1:2:3', '::1::', 'fe80::1%eth0', '12345::', '127.0.0.1', '1:2:3:4:5:6:7:8:9'])('%s is refused', (text) => {
    expect(parseIPv6(text)).toBeNull();
  });
});

describe('ssrf: address classification (the refused families)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['2852039166', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link_local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['not-an-ip', 'invalid'],
  ])('%s is refused as %s', (address, reason) => {
    expect(classifyAddress(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '2002:808:808::'])(
    '%s is public (positive control)',
    (address) => {
      expect(classifyAddress(address)).toBeNull();
    },
  );
});

describe('ssrf: targets and the checked address', () => {
  it('accepts http(s) only, without credentials', () => {
    expect(() => parseTarget('ftp://example.com/')).toThrow(BlockedError);
    expect(() => parseTarget('file:///etc/passwd')).toThrow(BlockedError);
    expect(() => parseTarget('http://user:pw@example.com/')).toThrow(BlockedError);
    expect(parseTarget('https://Example.com./a').host).toBe('example.com');
  });

  it('recognises IP literals in every spelling the URL parser lets through', () => {
    expect(parseTarget('http://2130706433/').literal).toBe('127.0.0.1');
    expect(parseTarget('http://0x7f.1/').literal).toBe('127.0.0.1');
    expect(parseTarget('http://[::ffff:127.0.0.1]/').literal).toBe('0:0:0:0:0:ffff:7f00:1');
    expect(ipLiteral('example.com')).toBeNull();
  });

  it('refuses when any resolved address is not public, and reports why', () => {
    const t = parseTarget('http://rebind.example/');
    expect(() => chooseAddress(t, ['93.184.216.34', '127.0.0.1'])).toThrow(/loopback/);
    expect(() => chooseAddress(t, [])).toThrow(/could not be resolved/);
    expect(chooseAddress(t, ['93.184.216.34'])).toBe('93.184.216.34');
  });

  it('allows only ports 80 and 443 by default', () => {
    expect(() => chooseAddress(parseTarget('http://example.com:22/'), ['93.184.216.34'])).toThrow(
      expect.objectContaining({ reason: 'port' }),
    );
    expect(() => chooseAddress(parseTarget('http://example.com:8080/'), ['93.184.216.34'])).toThrow(
      expect.objectContaining({ reason: 'port' }),
    );
    expect(chooseAddress(parseTarget('https://example.com/'), ['93.184.216.34'])).toBe('93.184.216.34');
    expect(chooseAddress(parseTarget('http://example.com:80/'), ['93.184.216.34'])).toBe('93.184.216.34');
  });

  it('the test allow-list works only in FUNCTIONS_TEST_MODE, and only for the listed address', () => {
    const env = (vars: Record<string, string>) => (name: string) => vars[name];
    expect(allowListFromEnv(env({ LINK_PREVIEW_TEST_ALLOW: '127.0.0.1' }))).toEqual([]);
    expect(allowListFromEnv(env({ LINK_PREVIEW_TEST_ALLOW: '127.0.0.1', FUNCTIONS_TEST_MODE: 'false' }))).toEqual([]);
    const allow = allowListFromEnv(env({ LINK_PREVIEW_TEST_ALLOW: '127.0.0.1, junk', FUNCTIONS_TEST_MODE: 'true' }));
    expect(allow).toEqual(['127.0.0.1']);
    const local = parseTarget('http://127.0.0.1:4567/');
    expect(chooseAddress(local, ['127.0.0.1'], allow)).toBe('127.0.0.1');
    // without the allow-list the same target is refused; the metadata address is refused either way
    expect(() => chooseAddress(local, ['127.0.0.1'])).toThrow(expect.objectContaining({ reason: 'loopback' }));
    expect(() => chooseAddress(parseTarget('http://169.254.169.254/'), ['169.254.169.254'], allow)).toThrow(
      expect.objectContaining({ reason: 'metadata' }),
    );
    expect(() => chooseAddress(parseTarget('http://127.0.0.2:4567/'), ['127.0.0.2'], allow)).toThrow(
      expect.objectContaining({ reason: 'loopback' }),
    );
  });
});
