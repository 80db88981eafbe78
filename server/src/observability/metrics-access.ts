import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Who may read /metrics: a request with `Authorization: Bearer METRICS_TOKEN`, or one
 * whose TCP peer is in METRICS_ALLOW (addresses or CIDR ranges). The peer is the
 * socket's address, never X-Forwarded-For: a proxy in front cannot be used to pass.
 */
export function metricsAccess(options: { token?: string; allow: string }): (req: IncomingMessage) => boolean {
  const allowed = new BlockList();
  for (const entry of options.allow.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  const token = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  return (req) => {
    const header = req.headers.authorization;
    if (token && header && Buffer.byteLength(header) === token.length && timingSafeEqual(Buffer.from(header), token)) return true;
    const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    const family = isIP(peer);
    return family !== 0 && allowed.check(peer, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** A valid METRICS_ALLOW: comma-separated IPv4/IPv6 addresses or CIDR ranges. */
export function isValidAllowList(value: string): boolean {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .every((entry) => {
      const [address, prefix, extra] = entry.split('/');
      const family = isIP(address ?? '');
      if (!family || extra !== undefined) return false;
      return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    });
}
