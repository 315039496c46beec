/**
 * Product decisions: order status hooks may not point into private, loopback or otherwise special networks
 * (the server would be made to call its own neighbours). A literal address is checked as written, also
 * where an IPv6 form carries an IPv4 address inside it; a name is resolved and refused if any of its
 * addresses is special. Names can be re-pointed after they were checked, so whatever delivers hooks must
 * check the address it connects to again (`isSpecialAddress`).
 */

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { type Text, text } from '@parcelops/shared';
import { fieldError } from './app-error.ts';

/** A host name's addresses; throws when the name does not resolve. */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface HookUrlCheckOptions {
  /** The system's resolver unless given; tests answer without a network. */
  resolve?: HostResolver;
  /** Lets hooks point anywhere, for tests that run a receiver on this machine. */
  allowPrivate?: boolean;
  /** How long a name may take to resolve before the hook is refused. */
  resolveTimeoutMs?: number;
}

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** IANA's special-purpose IPv4 blocks that are not globally reachable, plus multicast and broadcast. */
const specialIpv4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
];

/** Special IPv6 blocks; those that carry an IPv4 address are unwrapped in `embeddedIpv4` instead. */
const specialIpv6: [string, number][] = [
  ['::', 128], // unspecified
  ['::1', 128],
  ['100::', 64], // discard-only
  ['64:ff9b:1::', 48], // local-use NAT64: where its IPv4 sits depends on a prefix only the network knows
  ['2001::', 32], // Teredo: tunnels to an IPv4 host, hidden by obfuscation
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
];

const specialNetworks = new BlockList();
for (const [network, prefix] of specialIpv4) specialNetworks.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of specialIpv6) specialNetworks.addSubnet(network, prefix, 'ipv6');

/** An IPv6 address as its 16 bytes, or null when it is not one. A zone (`%eth0`) is dropped. */
export function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);
const dottedQuad = (bytes: number[]) => bytes.join('.');
const ZEROS_80 = Array(10).fill(0);

/**
 * The IPv4 address an IPv6 address stands for, where the form says so: IPv4-mapped (::ffff:a.b.c.d, also
 * written ::ffff:7f00:1), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), the well-known
 * NAT64 prefix (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 */
export function embeddedIpv4(bytes: number[]): string | null {
  const last32 = dottedQuad(bytes.slice(12));
  if (startsWith(bytes, [...ZEROS_80, 0xff, 0xff])) return last32;
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0])) return last32;
  if (startsWith(bytes, [...ZEROS_80, 0, 0])) return last32;
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...ZEROS_80.slice(0, 8)])) return last32;
  if (startsWith(bytes, [0x20, 0x02])) return dottedQuad(bytes.slice(2, 6));
  return null;
}

/** Whether an address (IPv4 or IPv6, as resolvers and URLs write them) is private, local or special. */
export function isSpecialAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return specialNetworks.check(address, 'ipv4');
  const bytes = family === 6 ? ipv6Bytes(address) : null;
  if (!bytes) return false;
  // :: and ::1 land in 0.0.0.0/8 here, so they stay refused.
  const inner = embeddedIpv4(bytes);
  if (inner) return specialNetworks.check(inner, 'ipv4');
  const groups = Array.from({ length: 8 }, (_, index) =>
    (((bytes[index * 2] ?? 0) << 8) | (bytes[index * 2 + 1] ?? 0)).toString(16),
  );
  return specialNetworks.check(groups.join(':'), 'ipv6');
}

/** Names that mean this machine or its own network whatever a resolver says (RFC 6761, RFC 8375). */
function isLocalName(name: string): boolean {
  return (
    name === 'localhost' ||
    ['.localhost', '.local', '.internal', '.home.arpa'].some((suffix) => name.endsWith(suffix))
  );
}

const hookRefused = (message: Text) => fieldError('order_status_hook', message);
const PRIVATE_MESSAGE = text('accounts.hookPrivate');

async function resolveWithin(resolve: HostResolver, name: string, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
  });
  try {
    return await Promise.race([resolve(name), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where a hook URL may be reached: the parsed URL and the one address to connect to, checked now (null when
 * private addresses are allowed: then the system connects as it likes). Throws 400 on `order_status_hook`
 * for a URL that is not http(s), carries credentials, or reaches a special network. Deliveries call it at each
 * attempt and connect to the address it gave, so a name re-pointed after the save is caught.
 */
export async function hookTarget(
  url: string,
  options: HookUrlCheckOptions = {},
): Promise<{ url: URL; address: string | null }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw hookRefused(text('accounts.hookNotUrl'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw hookRefused(text('accounts.hookNotUrl'));
  if (parsed.username || parsed.password) throw hookRefused(text('accounts.hookCredentials'));
  if (options.allowPrivate) return { url: parsed, address: null };
  // The URL parser has already turned 0x7f.1, 2130706433 and the like into dotted IPv4; a trailing dot
  // ("localhost.") names the same host as without it.
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) {
    if (isSpecialAddress(host)) throw hookRefused(PRIVATE_MESSAGE);
    return { url: parsed, address: host };
  }
  if (isLocalName(host)) throw hookRefused(PRIVATE_MESSAGE);
  let addresses: string[];
  try {
    addresses = await resolveWithin(
      options.resolve ?? systemResolver,
      host,
      options.resolveTimeoutMs ?? 5000,
    );
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw hookRefused(text('accounts.hookHostUnknown', { host }));
  if (addresses.some(isSpecialAddress)) throw hookRefused(PRIVATE_MESSAGE);
  return { url: parsed, address: addresses[0] as string };
}

/** Refuses (400 on `order_status_hook`) a hook that is not an http(s) URL or that reaches a special network. */
export async function assertPublicHook(
  url: string | null | undefined,
  options: HookUrlCheckOptions = {},
): Promise<void> {
  if (url) await hookTarget(url, options);
}
