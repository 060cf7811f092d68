import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address (as `dns.lookup` or `net.isIP` gives it) is on the public
 * internet: not loopback, private, link-local, multicast, unspecified, CGNAT,
 * documentation, benchmarking or any other special-purpose range. IPv6 forms that
 * carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are judged by the IPv4 address they carry, since
 * that is where a connection to them can end up. Anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // ipaddr.js reads every IPv4 notation (octal, hex, short, a single number) as inet_aton does.
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const carried = carriedIPv4(v6);
  if (carried !== null) return carried.range() === 'unicast';
  return v6.range() === 'unicast';
}

/** The IPv4 address inside an IPv6 address that embeds one, or null. */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const words = address.parts;
  const fromWords = (high: number, low: number) => ipaddr.IPv4.parse(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  const range = address.range();
  if (range === 'ipv4Mapped') return address.toIPv4Address();
  // IPv4-compatible ::a.b.c.d (deprecated, but some stacks still route it); :: and ::1 have ranges of their own.
  if (range === 'unicast' && words.slice(0, 6).every((w) => w === 0)) return fromWords(words[6]!, words[7]!);
  // NAT64 well-known prefix 64:ff9b::/96 (RFC 6052) embeds the target in the last 32 bits.
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return fromWords(words[6]!, words[7]!);
  // 6to4 2002:AABB:CCDD::/48 routes to the IPv4 address AA.BB.CC.DD.
  if (range === '6to4') return fromWords(words[1]!, words[2]!);
  return null;
}
