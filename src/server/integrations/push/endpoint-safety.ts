import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * IPv4 networks a push endpoint may never reach: anything that is not the public internet. An IPv6 address that carries
 * an IPv4 one is judged by these too (see `embeddedIpv4`).
 */
const notPublicIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, with the cloud metadata service (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
] as const) {
  notPublicIpv4.addSubnet(network, prefix, 'ipv4');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * The 16 bytes of an IPv6 address in text (compressed, or ending in dotted IPv4), read from its groups here rather than
 * through a URL or a BlockList: the WHATWG parser writes `[::127.0.0.1]` as `[::7f00:1]`, and node's BlockList judges
 * `::ffff:a.b.c.d` by the IPv4 rules but not the other forms that carry one. Undefined for text that is not a plain
 * IPv6 address (a zone id, `%eth0`, names a link, never the internet).
 */
function ipv6Bytes(address: string): number[] | undefined {
  if (isIP(address) !== 6 || address.includes('%')) return undefined;
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const start = groups(head);
  const end = groups(tail);
  const all = tail === undefined ? start : [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Whether the first `bits` of two addresses' bytes are the same. */
function samePrefix(bytes: number[], network: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (network[bit / 8]! & mask)) return false;
  }
  return true;
}

const prefix = (network: string, bits: number) => ({ network: ipv6Bytes(network)!, bits });

/** Blocks of the global unicast range (2000::/3) that are still not the public internet. */
const notPublicGlobalIpv6 = [
  prefix('2001::', 23), // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  prefix('2001:db8::', 32), // documentation
  prefix('3fff::', 20), // documentation (RFC 9637)
];

/** The prefixes whose addresses carry an IPv4 one, and where in their bytes it sits. */
const carriesIpv4 = [
  { ...prefix('::', 96), at: 12 }, // IPv4-compatible, ::a.b.c.d (deprecated; also :: and ::1, judged as 0.0.0.0 and 0.0.0.1)
  { ...prefix('::ffff:0:0', 96), at: 12 }, // IPv4-mapped, ::ffff:a.b.c.d
  { ...prefix('::ffff:0:0:0', 96), at: 12 }, // IPv4-translated (SIIT), ::ffff:0:a.b.c.d
  { ...prefix('64:ff9b::', 96), at: 12 }, // NAT64's well-known prefix
  { ...prefix('2002::', 16), at: 2 }, // 6to4: 2002:aabb:ccdd::
];

/** The IPv4 address an IPv6 one carries, in dotted text, when it is of a kind that reaches that IPv4 address. */
function embeddedIpv4(bytes: number[]): string | undefined {
  const kind = carriesIpv4.find(({ network, bits }) => samePrefix(bytes, network, bits));
  return kind && bytes.slice(kind.at, kind.at + 4).join('.');
}

/**
 * Whether `address` (an IP in text) is on the public internet. An IPv6 address must be global unicast (2000::/3,
 * less the blocks above), unless it carries an IPv4 address (mapped, compatible, translated, NAT64, 6to4): then it
 * is whatever that IPv4 address is, so `[::127.0.0.1]` or `[::ffff:0:169.254.169.254]` is no way around the IPv4 rules.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicIpv4.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const inside = embeddedIpv4(bytes);
  if (inside !== undefined) return isPublicAddress(inside);
  if ((bytes[0]! & 0xe0) !== 0x20) return false;
  return !notPublicGlobalIpv6.some(({ network, bits }) => samePrefix(bytes, network, bits));
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Where a push goes: the endpoint and the one address checked for it, which the request must connect to. */
export type PushTarget = { url: URL; address: string; family: 4 | 6 };

export type EndpointCheck =
  | { ok: true; target: PushTarget }
  /** Never to be called: not https, credentials, an odd port, or a name that leads to a non-public address. */
  | { ok: false; reason: 'refused'; message: string }
  /** The name did not resolve now, or not within HOST_LOOKUP_TIMEOUT_MS: maybe later. */
  | { ok: false; reason: 'unresolved'; message: string };

export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveWithSystem: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/**
 * The longest wait for a push endpoint's name: a push service's name resolves in milliseconds, and the system's
 * resolver gives up on a name nobody answers for only after about 5 s, the whole time holding the request that
 * subscribes. A lookup not done by then counts as not found (a 400 when subscribing, a retry later when pushing).
 */
export const HOST_LOOKUP_TIMEOUT_MS = 1_500;

/** The name's addresses, `[]` when it does not resolve, or `'slow'` when the lookup is still running after `ms`. */
async function lookUpWithin(resolve: ResolveHost, host: string, ms: number): Promise<{ address: string; family: number }[] | 'slow'> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((done) => {
    timer = setTimeout(() => done('slow'), ms);
  });
  try {
    // A lookup left behind still ends on its own (the system's cannot be cancelled); its failure is caught here.
    const addresses = (async () => resolve(host))().catch(() => []);
    return await Promise.race([addresses, slow]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the server may post to `endpoint`, resolving its name now: an `https` URL on the default port, without
 * credentials, whose name resolves only to public addresses (every one of them: a name that also points inside is
 * refused). With `allowLoopback` (the tests' push service), loopback addresses, any port and `http` on loopback too.
 * Checked when a device subscribes and again before each push, which then connects to the address checked here, so
 * a name that changes its answer in between (DNS rebinding) cannot lead the request elsewhere.
 */
export async function checkPushEndpoint(
  endpoint: string,
  options: { allowLoopback: boolean; resolve?: ResolveHost },
): Promise<EndpointCheck> {
  const refused = (message: string): EndpointCheck => ({ ok: false, reason: 'refused', message });
  if (!URL.canParse(endpoint)) return refused('O endereço de envio não é uma URL.');
  const url = new URL(endpoint);
  const isHttp = url.protocol === 'http:';
  if (url.protocol !== 'https:' && !(isHttp && options.allowLoopback)) return refused('O endereço de envio deve usar https.');
  if (url.username || url.password) return refused('O endereço de envio não pode ter usuário nem senha.');
  if (url.port && !options.allowLoopback) return refused('O endereço de envio deve usar a porta padrão do https.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    const found = await lookUpWithin(options.resolve ?? resolveWithSystem, host, HOST_LOOKUP_TIMEOUT_MS);
    if (found === 'slow')
      return { ok: false, reason: 'unresolved', message: 'O endereço do serviço de push demorou demais para ser encontrado.' };
    if (found.length === 0) return { ok: false, reason: 'unresolved', message: 'O endereço do serviço de push não foi encontrado.' };
    addresses = found;
  }
  const allowed = (address: string) => isPublicAddress(address) || (options.allowLoopback && isLoopbackAddress(address));
  if (!addresses.every(({ address }) => allowed(address))) return refused('O endereço de envio leva a uma rede privada ou local.');
  if (isHttp && !addresses.every(({ address }) => isLoopbackAddress(address))) return refused('O endereço de envio deve usar https.');
  const [first] = addresses;
  return { ok: true, target: { url, address: first!.address, family: first!.family === 6 ? 6 : 4 } };
}
