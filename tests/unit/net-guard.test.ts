import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../supabase/functions/_shared/net.ts';

describe('fetch-url address guard', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '[::1]', '64:ff9b::a00:1'])(
    '%s is refused',
    (ip) => expect(isPrivateAddress(ip)).toBe(true),
  );
  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is allowed', (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );
});
