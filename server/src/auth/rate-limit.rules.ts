import { isIPv4 } from 'node:net';

/**
 * What a client's sign-in budget is counted under: its IPv4 address (also when Node writes it
 * IPv4-mapped, `::ffff:a.b.c.d`), or for IPv6 its /64, the block one subscriber is usually given,
 * so stepping through addresses of one's own block does not multiply the budget.
 */
export function budgetKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !ip.includes(':')) return ip;
  const address = ip.split('%')[0].toLowerCase();
  const [head, tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
