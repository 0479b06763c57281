import { isIPv4, isIPv6 } from 'node:net';

/** Eight 16-bit groups of an IPv6 address, or null when it is not one. Accepts every spelling. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!isIPv6(text)) return null;
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * Who a per-IP rate limit counts (docs/SECURITY.md, "Rate limits"): an IPv4 address as it is; an IPv6
 * address by its /64, the block one home or one server is given, since anyone with one holds 2^64
 * addresses; an IPv4-mapped or IPv4-compatible IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket
 * reports an IPv4 client) as the IPv4 address. Every spelling of one address gives one subject.
 */
export function rateLimitSubject(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
