import { isIP } from 'node:net';
import { readSetting, settingName } from '../settings/settings.js';

/**
 * SSRF classification of one IP address (pure, table-tested). Three classes:
 * - `blocked`: never fetched — link-local and cloud metadata endpoints (169.254/16, fe80::/10, fd00:ec2::254,
 *   100.100.100.200, 192.0.0.192), the unspecified and "this network" ranges (0/8, ::), multicast, reserved and
 *   documentation ranges, broadcast, and anything that does not parse;
 * - `private`: loopback, RFC 1918, CGNAT, unique-local IPv6 — refused unless the user opts in with
 *   `CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1` (e.g. to index docs served on localhost);
 * - `public`: everything else.
 * IPv6 zone ids (`fe80::1%eth0`) are stripped; IPv4 carried inside IPv6 (mapped `::ffff:a.b.c.d`, in either
 * spelling, IPv4-compatible `::a.b.c.d`, NAT64 64:ff9b::/96 and 6to4 2002::/16) is classified as the IPv4 it
 * reaches.
 */
export type AddressClass = 'public' | 'private' | 'blocked';

export interface Classification {
  class: AddressClass;
  /** Why, in a few words, for error messages ("link-local / cloud metadata", "loopback", …). */
  reason: string;
}

/** The env switch that lets fetches reach private and loopback addresses (never blocked ones). */
const ALLOW_PRIVATE_FETCH_ENV = settingName('allowPrivateFetch');

/** True when the user opted in to private-network fetches (`CONTEXT_MODE_ALLOW_PRIVATE_FETCH=1` or `true`). */
export function privateFetchAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return readSetting('allowPrivateFetch', env);
}

type V4Rule = [base: number, bits: number, cls: AddressClass, reason: string];

const V4_RULES: V4Rule[] = [
  // Specific hosts first: they sit inside wider ranges with another class.
  [v4(100, 100, 100, 200), 32, 'blocked', 'cloud metadata endpoint'],
  [v4(192, 0, 0, 192), 32, 'blocked', 'cloud metadata endpoint'],
  [v4(0, 0, 0, 0), 8, 'blocked', '"this network" / unspecified'],
  [v4(169, 254, 0, 0), 16, 'blocked', 'link-local / cloud metadata'],
  [v4(224, 0, 0, 0), 4, 'blocked', 'multicast'],
  [v4(240, 0, 0, 0), 4, 'blocked', 'reserved / broadcast'],
  [v4(192, 0, 0, 0), 24, 'blocked', 'IETF protocol assignments'],
  [v4(192, 0, 2, 0), 24, 'blocked', 'documentation range'],
  [v4(198, 51, 100, 0), 24, 'blocked', 'documentation range'],
  [v4(203, 0, 113, 0), 24, 'blocked', 'documentation range'],
  [v4(192, 88, 99, 0), 24, 'blocked', 'deprecated 6to4 relay'],
  [v4(127, 0, 0, 0), 8, 'private', 'loopback'],
  [v4(10, 0, 0, 0), 8, 'private', 'private network (10/8)'],
  [v4(172, 16, 0, 0), 12, 'private', 'private network (172.16/12)'],
  [v4(192, 168, 0, 0), 16, 'private', 'private network (192.168/16)'],
  [v4(100, 64, 0, 0), 10, 'private', 'carrier-grade NAT (100.64/10)'],
  [v4(198, 18, 0, 0), 15, 'private', 'benchmarking network (198.18/15)'],
];

function v4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function parseV4(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const x = Number(p);
    if (x > 255) return undefined;
    n = n * 256 + x;
  }
  return n >>> 0;
}

function classifyV4(n: number): Classification {
  for (const [base, bits, cls, reason] of V4_RULES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((n & mask) >>> 0 === base) return { class: cls, reason };
  }
  return { class: 'public', reason: 'public address' };
}

/** Eight 16-bit groups, or undefined when `ip` is not IPv6. Handles `::` and a trailing dotted IPv4. */
function parseV6(ip: string): number[] | undefined {
  let s = ip;
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.', lastColon)) {
    // A trailing dotted IPv4 (::ffff:1.2.3.4) is the last two groups.
    const n = parseV4(s.slice(lastColon + 1));
    if (n === undefined) return undefined;
    s = `${s.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return undefined;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !rest) return undefined;
  const known = head.length + rest.length;
  if (halves.length === 1 && known !== 8) return undefined;
  if (halves.length === 2 && known > 7) return undefined;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

function classifyV6(g: number[]): Classification {
  const embedded = (hi: number, lo: number): Classification => classifyV4(((hi << 16) | lo) >>> 0);
  const zeroUpTo = (n: number): boolean => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return { class: 'blocked', reason: 'unspecified address (::)' };
  if (zeroUpTo(7) && g[7] === 1) return { class: 'private', reason: 'loopback (::1)' };
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d reach the IPv4 address.
  if (zeroUpTo(5) && g[5] === 0xffff) return embedded(g[6]!, g[7]!);
  if (zeroUpTo(6)) return embedded(g[6]!, g[7]!);
  // IPv4-translated ::ffff:0:a.b.c.d (::ffff:0:0/96, RFC 2765) — `::ffff:0:7f00:1` is 127.0.0.1.
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return embedded(g[6]!, g[7]!);
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 destination too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(g[6]!, g[7]!);
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215): the IPv4 sits in the last 32 bits as well.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return embedded(g[6]!, g[7]!);
  if (g[0] === 0x2002) return embedded(g[1]!, g[2]!);
  const first = g[0]!;
  if (first === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) {
    return { class: 'blocked', reason: 'cloud metadata endpoint' };
  }
  if ((first & 0xffc0) === 0xfe80) return { class: 'blocked', reason: 'link-local (fe80::/10)' };
  if ((first & 0xff00) === 0xff00) return { class: 'blocked', reason: 'multicast (ff00::/8)' };
  if (first === 0x2001 && g[1] === 0x0db8) return { class: 'blocked', reason: 'documentation range' };
  if ((first & 0xffc0) === 0xfec0) return { class: 'private', reason: 'site-local (fec0::/10)' };
  if ((first & 0xfe00) === 0xfc00) return { class: 'private', reason: 'unique local (fc00::/7)' };
  return { class: 'public', reason: 'public address' };
}

/** Classifies one literal IP address (v4 or v6, brackets and zone id allowed). Unparseable → blocked. */
export function classifyAddress(address: string): Classification {
  let ip = address.trim();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  if (isIP(ip) === 4) {
    const n = parseV4(ip);
    if (n !== undefined) return classifyV4(n);
  } else if (isIP(ip) === 6) {
    const g = parseV6(ip.toLowerCase());
    if (g) return classifyV6(g);
  }
  return { class: 'blocked', reason: `not a valid IP address: ${address}` };
}

/** True when an address of this class may be fetched. */
export function addressAllowed(c: Classification, allowPrivate: boolean): boolean {
  return c.class === 'public' || (c.class === 'private' && allowPrivate);
}

/** The refusal text for an address, naming the opt-in when it would help. */
export function refusalFor(host: string, address: string, c: Classification): string {
  const base = `refused to fetch ${host} (${address}): ${c.reason} is blocked by security policy`;
  return c.class === 'private'
    ? `${base}. To fetch from private or loopback addresses, set ${ALLOW_PRIVATE_FETCH_ENV}=1 in the server's environment.`
    : `${base}; this cannot be allowed.`;
}
