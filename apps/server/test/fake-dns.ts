/**
 * A resolver for tests, which have no network: documentation names (example.com, .example) resolve to a
 * public address, a few names stand for the tricks hook checks must see through, and the rest do not exist.
 */
import type { HostResolver } from '../src/lib/hook-url.ts';

export const PUBLIC_ADDRESS = '93.184.215.14';

/** Names with fixed answers; `localtest.me` is a real public name that resolves to 127.0.0.1. */
export const FAKE_DNS_NAMES: Record<string, string[]> = {
  'localtest.me': ['127.0.0.1'],
  'hooks.localtest.me': ['127.0.0.1'],
  // One public and one private address: a delivery could go either way, so the name is refused.
  'split.example.com': [PUBLIC_ADDRESS, '10.0.0.7'],
  'mapped-loopback.example.com': ['::ffff:7f00:1'],
  'metadata.example.com': ['169.254.169.254'],
  'ipv6.example.com': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
};

export const fakeResolver: HostResolver = async (hostname) => {
  const fixed = FAKE_DNS_NAMES[hostname];
  if (fixed) return fixed;
  if (/(^|\.)example\.(com|net|org)$|\.example$/.test(hostname)) return [PUBLIC_ADDRESS];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
