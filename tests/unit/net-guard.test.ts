import { describe, expect, it } from 'vitest';
import { embeddedIpv4, ipv6Bytes, isPublicAddress } from '@/supabase/functions/_shared/net.ts';
import { publicTarget, RefusedAddress, type Resolve } from '@/supabase/functions/_shared/pinnedFetch.ts';

const PRIVATE = 'That address is on a private network and cannot be read.';
const noDns: Resolve = async (host) => {
  throw new Error(`DNS asked for ${host}`);
};

describe('address policy (fetch-url)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    'ff02::1',
    'fec0::1',
    '100::1',
    '2001:db8::1',
    '3fff::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:7f00:1',
    '[::ffff:127.0.0.1]',
    '[::1]',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '::7f00:1',
    '64:ff9b::a00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2002:c000:204::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'fe80::1%eth0',
    'not-an-ip',
    '',
  ])('%s is refused', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is allowed', (address) => expect(isPublicAddress(address)).toBe(true));

  it('reads IPv6 in every spelling, and the IPv4 inside mapped and NAT64 forms', () => {
    expect(ipv6Bytes('::ffff:127.0.0.1')).toEqual(ipv6Bytes('0:0:0:0:0:ffff:7f00:1'));
    expect(ipv6Bytes('[::1]')).toEqual([...new Array(15).fill(0), 1]);
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('64:ff9b::c0a8:101')).toBe('192.168.1.1');
    expect(embeddedIpv4('2606:4700::1')).toBeNull();
    expect(ipv6Bytes('127.0.0.1')).toBeNull();
  });
});

describe('publicTarget: every way of writing a private address in a URL', () => {
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/', // decimal
    'http://0x7f000001/', // hex
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/', // octal
    'http://017700000001/',
    'http://127.1/', // short
    'http://127.0.1/',
    'http://0/',
    'http://[::1]:54321/mail',
    'http://[::ffff:127.0.0.1]:54321/mail',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[fe80::1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://0xa9fea9fe/',
    'http://[::ffff:169.254.169.254]/',
    'https://10.0.0.1:8443/',
  ])('%s is refused without asking DNS', async (text) => {
    await expect(publicTarget(new URL(text), noDns)).rejects.toThrow(PRIVATE);
  });

  it('refuses a name when any of its addresses is private, and names that do not resolve', async () => {
    const resolve: Resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ];
    await expect(publicTarget(new URL('https://mixed.example/'), resolve)).rejects.toThrow(PRIVATE);
    await expect(publicTarget(new URL('https://nowhere.example/'), async () => [])).rejects.toThrow('That address could not be found.');
    await expect(publicTarget(new URL('ftp://example.com/'), noDns)).rejects.toBeInstanceOf(RefusedAddress);
    await expect(publicTarget(new URL('https://user:pw@example.com/'), noDns)).rejects.toThrow(
      'Addresses with a user name or password cannot be added.',
    );
  });

  it('returns the checked address to connect to, and asks DNS once', async () => {
    let asked = 0;
    const resolve: Resolve = async () => {
      asked += 1;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    expect(await publicTarget(new URL('https://example.com/'), resolve)).toEqual({ address: '93.184.216.34', family: 4 });
    expect(asked).toBe(1);
  });
});
