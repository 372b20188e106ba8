import { BlockList, isIP } from 'node:net';

/**
 * Which addresses server-side fetching of user-typed URLs may reach: public unicast only. Refused,
 * for IPv4 and IPv6: unspecified, loopback, private, CGNAT, link-local (cloud metadata), multicast,
 * broadcast, benchmarking, documentation and reserved ranges. IPv6 forms that carry an IPv4
 * address are judged by the address inside (IPv4-mapped, NAT64: a public site seen through DNS64
 * stays readable) or refused outright (IPv4-compatible, 6to4, Teredo: deprecated tunnels).
 */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
];

const BLOCKED_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blockedV4 = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blockedV4.addSubnet(net, prefix, 'ipv4');
const blockedV6 = new BlockList();
for (const [net, prefix] of BLOCKED_V6) blockedV6.addSubnet(net, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (with or without brackets, with a trailing dotted quad); null if it is not one. */
export function ipv6Bytes(address: string): number[] | null {
  const text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  if (isIP(text) !== 6) return null;
  const words = (part: string): number[] =>
    part
      ? part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, ''];
  const first = words(head);
  const last = words(tail);
  const all = [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
  return all.flatMap((word) => [word >> 8, word & 0xff]);
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) address carries. */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const mapped = b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
  const nat64 = [0x00, 0x64, 0xff, 0x9b].every((x, i) => b[i] === x) && b.slice(4, 12).every((x) => x === 0);
  return mapped || nat64 ? b.slice(12, 16).join('.') : null;
}

/** True only for a public unicast address a server may fetch from. */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const family = isIP(text);
  if (family === 4) return !blockedV4.check(text, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(text);
  if (inner) return !blockedV4.check(inner, 'ipv4');
  const bytes = ipv6Bytes(text)!;
  const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');
  return !blockedV6.check(canonical, 'ipv6');
}
