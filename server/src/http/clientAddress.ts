// Where a request's client address comes from (TRUST_PROXY), and how addresses are grouped for counting.
//
// Behind a reverse proxy or load balancer every connection comes from the proxy: without TRUST_PROXY each
// client would share the proxy's address (one attacker's failed sign-ins would lock everyone out), and with
// X-Forwarded-For trusted from anyone, any client could choose its own address. So the header is believed only
// from the proxies the operator names: a hop count (the last N addresses before this server are proxies) or
// the proxies' addresses and ranges. Fastify's `trustProxy` (proxy-addr) does the reading; request.ip and
// request.protocol (X-Forwarded-Proto) then follow the same rule.
import net from 'node:net';

/** Fastify's trustProxy as this server configures it: off, a hop count, or the proxies' addresses / CIDR ranges. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for the usual private ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, empty, 0 or false trust no proxy (the connection's own address is the client's);
 * a whole number N trusts the N nearest hops (N proxies in front of this server); otherwise a comma-separated
 * list of proxy addresses and CIDR ranges (e.g. `10.0.0.0/8, 192.168.1.5`, or `loopback`). `true` is refused:
 * it would take X-Forwarded-For from anyone, letting every client pick its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 0 && hops <= 10) return hops;
    throw new Error(`TRUST_PROXY must be a hop count from 1 to 10 or the proxies' addresses, got "${value}"`);
  }
  if (text.toLowerCase() === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe X-Forwarded-For from anyone, so every client could pick its own address: ' +
        'give the number of proxies in front of this server (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    );
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(`TRUST_PROXY: "${wrong[0]}" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`);
  }
  return entries;
}

/**
 * Fastify's trustProxy for a TrustProxy. A hop count is a function of the hop's position: Fastify 5.12 takes a
 * plain number as "trust nobody" (it cannot check the nearest peer), so the count is spelt out here: the N
 * nearest addresses (the connection's first) are proxies. That is only safe when clients cannot reach this
 * server except through those proxies; naming the proxies' addresses is safe either way.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as the last two). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The address a sign-in limit counts under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
 * address), an IPv6 address by its /64 network, since one subscriber usually gets a whole /64 and could otherwise
 * try from 2^64 addresses. Anything else (not an address at all) as it is.
 */
export function clientGroup(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (net.isIPv4(ip)) return ip;
  if (!net.isIPv6(ip.split('%')[0]!)) return ip;
  const groups = ipv6Groups(ip);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
