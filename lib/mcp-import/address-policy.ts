/**
 * Which IP addresses an exposed server must not connect to on a visitor's behalf (server-side request forgery):
 * loopback, private networks, link-local (cloud metadata lives at 169.254.169.254 and fd00:ec2::254), carrier-grade
 * NAT, multicast and reserved ranges, and IPv6 forms that embed one of those IPv4 addresses. Pure string parsing,
 * no DNS: lib/server/mcp-connect.ts resolves names and asks about every address they resolve to.
 */

/** [first octets as a 32-bit number, prefix length] of every IPv4 range refused. */
const PRIVATE_IPV4_RANGES: ReadonlyArray<[string, number]> = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function ipv4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function inIpv4Range(value: number, base: string, prefix: number): boolean {
  const start = ipv4Number(base) ?? 0;
  const size = 2 ** (32 - prefix);
  return value >= start && value < start + size;
}

/** The 8 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or null when malformed. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, "");
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1]);
    if (value === null) return null;
    text = `${text.slice(0, -dotted[1].length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string) => (half ? half.split(":") : []);
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** True for every address an exposed server must not reach for a visitor; also true for anything unparseable. */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Number(address);
  if (v4 !== null) return PRIVATE_IPV4_RANGES.some(([base, prefix]) => inIpv4Range(v4, base, prefix));
  const groups = ipv6Groups(address);
  if (!groups) return true;
  const embeddedIpv4 = () => `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
  const zeroUntil = (index: number) => groups.slice(0, index).every((group) => group === 0);
  if (zeroUntil(8)) return true; // ::
  if (zeroUntil(7) && groups[7] === 1) return true; // ::1
  if (zeroUntil(5) && groups[5] === 0xffff) return isPrivateAddress(embeddedIpv4()); // ::ffff:a.b.c.d
  // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765): some stacks route it to the embedded IPv4 address.
  if (zeroUntil(4) && groups[4] === 0xffff && groups[5] === 0) return isPrivateAddress(embeddedIpv4());
  if (zeroUntil(6)) return isPrivateAddress(embeddedIpv4()); // ::a.b.c.d (deprecated IPv4-compatible)
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return isPrivateAddress(embeddedIpv4()); // NAT64 (and 64:ff9b:1::/48)
  // 6to4 (2002:AABB:CCDD::/16) carries the IPv4 address in groups 1-2; a relay delivers to it.
  if (groups[0] === 0x2002) {
    const v4 = `${groups[1] >> 8}.${groups[1] & 255}.${groups[2] >> 8}.${groups[2] & 255}`;
    return isPrivateAddress(v4);
  }
  // Teredo (2001:0::/32) hides the client's IPv4 address inverted in the last group pair; refuse the whole prefix.
  if (groups[0] === 0x2001 && groups[1] === 0) return true;
  if ((groups[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (incl. fd00:ec2::254)
  if ((groups[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((groups[0] & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((groups[0] & 0xff00) === 0xff00) return true; // multicast
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  return false;
}
