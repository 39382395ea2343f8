/**
 * The one rule for "may the server connect there?" (link previews fetch URLs users give us).
 * Pure code, no Deno API: the edge function imports it, and tests/unit/ssrf.test.ts runs it under Node.
 *
 * How it is used (see safe-fetch.ts): parse the URL, refuse bad schemes/ports, resolve the host
 * ONCE, refuse when ANY resolved address is not public, then connect to that checked address
 * (no second lookup, so DNS rebinding cannot swap it), and do it again after every redirect.
 */

export type BlockReason =
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'metadata'
  | 'reserved'
  | 'broadcast'
  | 'documentation'
  | 'invalid';

/** Ports a preview may use unless a test allow-list names the address. */
const ALLOWED_PORTS: readonly number[] = [80, 443];

/**
 * IPv4 in any spelling inet_aton accepts (what curl, browsers' URL parsers and many libraries
 * accept): 1 to 4 parts, each decimal, octal (leading 0) or hex (0x). "2130706433", "0x7f.1",
 * "017700000001" and "127.1" are all 127.0.0.1. Returns the 32-bit value, or null when not IPv4.
 */
export function parseIPv4(text: string): number | null {
  const s = text.trim();
  if (!s || s.length > 64) return null;
  const parts = s.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // "127.0.0.1." is still an IP
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = Number(p);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop() as number;
  if (nums.some((n) => n > 255)) return null;
  if (last >= 2 ** (8 * (4 - nums.length))) return null;
  let value = 0;
  for (const n of nums) value = value * 256 + n;
  return value * 2 ** (8 * (4 - nums.length)) + last;
}

function formatIPv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** IPv6 (with "::" and a trailing dotted IPv4) as 8 16-bit groups; null when not IPv6. Zone ids are refused. */
export function parseIPv6(text: string): number[] | null {
  let s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (!s.includes(':') || s.includes('%') || s.length > 64) return null;
  const lastColon = s.lastIndexOf(':');
  const lastPart = s.slice(lastColon + 1);
  if (lastPart.includes('.')) {
    // a trailing dotted IPv4 (::ffff:127.0.0.1) becomes two hex groups, then the usual grammar applies
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(lastPart)) return null;
    const v4 = lastPart.split('.').map(Number);
    if (v4.some((n) => n > 255)) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4[0] * 256 + v4[1]).toString(16)}:${(v4[2] * 256 + v4[3]).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const toGroups = (h: string): number[] | null => {
    if (h === '') return [];
    const out: number[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = toGroups(halves[0]);
  const rest = halves.length === 2 ? toGroups(halves[1]) : [];
  if (!head || !rest) return null;
  if (halves.length === 2) {
    if (head.length + rest.length > 7) return null;
    return [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  }
  return head.length === 8 ? head : null;
}

function inV4(value: number, base: string, bits: number): boolean {
  const b = parseIPv4(base) as number;
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(b / size);
}

/** Cloud metadata endpoints (AWS/GCP/Azure/Oracle 169.254.169.254, Alibaba 100.100.100.200, Azure wireserver). */
const METADATA_V4 = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16', '192.0.0.192'];

/** Why an IPv4 address is not public, or null when the server may connect to it. */
function classifyIPv4(value: number): BlockReason | null {
  if (METADATA_V4.some((m) => parseIPv4(m) === value)) return 'metadata';
  if (value === 0xffffffff) return 'broadcast';
  if (inV4(value, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(value, '127.0.0.0', 8)) return 'loopback';
  if (inV4(value, '10.0.0.0', 8) || inV4(value, '172.16.0.0', 12) || inV4(value, '192.168.0.0', 16)) return 'private';
  if (inV4(value, '100.64.0.0', 10)) return 'cgnat';
  if (inV4(value, '169.254.0.0', 16)) return 'link_local';
  if (inV4(value, '224.0.0.0', 4)) return 'multicast';
  if (inV4(value, '240.0.0.0', 4)) return 'reserved';
  if (inV4(value, '192.0.0.0', 24) || inV4(value, '198.18.0.0', 15)) return 'reserved';
  if (inV4(value, '192.0.2.0', 24) || inV4(value, '198.51.100.0', 24) || inV4(value, '203.0.113.0', 24)) return 'documentation';
  return null;
}

/** Why an IPv6 address is not public (embedded IPv4 forms are judged by their IPv4 address). */
function classifyIPv6(g: number[]): BlockReason | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const v4 = () => g[6] * 65536 + g[7];
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated)
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return classifyIPv4(v4()) ?? (g[5] === 0 ? 'reserved' : null);
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return classifyIPv4(v4()) ?? 'reserved';
  // 64:ff9b::/96 NAT64 and 64:ff9b:1::/48 local NAT64: the IPv4 inside decides (local one is private)
  if (g[0] === 0x64 && g[1] === 0xff9b) return g[2] === 1 ? 'private' : classifyIPv4(v4());
  // 2002::/16 6to4: the next 32 bits are an IPv4 address
  if (g[0] === 0x2002) return classifyIPv4(g[1] * 65536 + g[2]);
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'metadata'; // AWS IPv6 IMDS
  if ((g[0] & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return 'link_local'; // fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x0100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return 'reserved'; // 100::/64 discard
  if (g[0] === 0x2001 && g[1] < 0x0200) return 'reserved'; // 2001::/23 IETF protocol assignments (Teredo etc.)
  if ((g[0] & 0xe000) !== 0x2000) return 'reserved'; // only 2000::/3 is global unicast
  return null;
}

/** Why this address (any IPv4 spelling or IPv6 text) is refused; null when public. Unparseable = refused. */
export function classifyAddress(address: string): BlockReason | null {
  const v6 = parseIPv6(address);
  if (v6) return classifyIPv6(v6);
  const v4 = parseIPv4(address);
  if (v4 !== null) return classifyIPv4(v4);
  return 'invalid';
}

/** The canonical text of an IP literal host (any spelling), or null when the host is a name. */
export function ipLiteral(host: string): string | null {
  const h = host.replace(/^\[|\]$/g, '');
  const v6 = parseIPv6(h);
  if (v6) return v6.map((x) => x.toString(16)).join(':');
  const v4 = parseIPv4(h);
  return v4 === null ? null : formatIPv4(v4);
}

export interface PreviewTarget {
  url: URL;
  /** Host name as sent in Host / TLS SNI (no brackets). */
  host: string;
  port: number;
  secure: boolean;
  /** The canonical IP when the host is an IP literal. */
  literal: string | null;
}

export class BlockedError extends Error {
  constructor(
    readonly reason: BlockReason | 'scheme' | 'port' | 'credentials' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

/** Checks what can be checked before any lookup: http(s) only, no user:pass, a host. */
export function parseTarget(raw: string | URL): PreviewTarget {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new BlockedError('invalid', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedError('scheme', 'Only http and https URLs can be previewed');
  if (url.username || url.password) throw new BlockedError('credentials', 'URLs with a user name or password are not fetched');
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (!host) throw new BlockedError('invalid', 'The URL has no host');
  const secure = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  return { url, host, port, secure, literal: ipLiteral(host) };
}

/**
 * The verdict on the addresses a host resolved to: the address to connect to, or BlockedError.
 * Every address must be public (a name with one private answer is refused: the resolver could
 * hand the private one to the connection). The port is checked after the address so a refused
 * address is reported as such. `allow` is the TEST-ONLY allow-list (see allowListFromEnv).
 */
export function chooseAddress(target: PreviewTarget, addresses: readonly string[], allow: readonly string[] = []): string {
  if (addresses.length === 0) throw new BlockedError('unresolvable', `${target.host} could not be resolved`);
  const canonical = addresses.map((a) => ipLiteral(a) ?? a);
  for (const a of canonical) {
    if (allow.includes(a)) continue;
    const reason = classifyAddress(a);
    if (reason) throw new BlockedError(reason, `${target.host} resolves to a ${reason.replace('_', '-')} address`);
  }
  const chosen = canonical[0];
  if (!allow.includes(chosen) && !ALLOWED_PORTS.includes(target.port))
    throw new BlockedError('port', `Only ports ${ALLOWED_PORTS.join(' and ')} are fetched`);
  return chosen;
}

/**
 * The TEST-ONLY allow-list: addresses (any port) a local test site may use. Read only when
 * FUNCTIONS_TEST_MODE is 'true', which only the test stack sets; in production it is always empty.
 */
export function allowListFromEnv(get: (name: string) => string | undefined): string[] {
  if (get('FUNCTIONS_TEST_MODE') !== 'true') return [];
  return (get('LINK_PREVIEW_TEST_ALLOW') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ipLiteral(s))
    .filter((s): s is string => s !== null);
}
