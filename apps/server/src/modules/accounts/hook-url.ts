/**
 * Product decisions: order status hooks may not point into private or loopback networks (the server would
 * be made to call its own neighbours). Checked on the URL as given; the notifier checks resolved addresses.
 */
import { BlockList, isIP } from 'node:net';
import { fieldError } from '../../lib/app-error.ts';

const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true;
  const mapped = host.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  const address = mapped ?? host;
  const family = isIP(address);
  if (family === 0) return false;
  return privateNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function assertPublicHook(url: string | null | undefined): void {
  if (!url) return;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    throw fieldError('order_status_hook', 'Order status hook must be an http(s) URL');
  }
  if (isPrivateHost(hostname)) {
    throw fieldError(
      'order_status_hook',
      'Order status hook may not point to a private or local network address.',
    );
  }
}
