import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push endpoint may never reach: anything that is not the public internet. IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) match the IPv4 rules (node's BlockList checks them so); NAT64 addresses are judged by the IPv4
 * address they carry.
 */
const notPublic = new BlockList();
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
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address of any kind inside
  ['fc00::', 7], // unique local, with cloud metadata services (fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const nat64 = new BlockList();
nat64.addSubnet('64:ff9b::', 96, 'ipv6');

/** The 16 bytes of an IPv6 address in text (compressed, or ending in dotted IPv4). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const start = groups(head);
  const end = groups(tail);
  const all = tail === undefined ? start : [...start, ...new Array<number>(8 - start.length - end.length).fill(0), ...end];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

/** Whether `address` (an IP in text) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  if (nat64.check(address, 'ipv6')) return isPublicAddress(ipv6Bytes(address).slice(12).join('.'));
  return !notPublic.check(address, 'ipv6');
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
  /** The name did not resolve now: maybe later. */
  | { ok: false; reason: 'unresolved'; message: string };

export type ResolveHost = (host: string) => Promise<{ address: string; family: number }[]>;

const resolveWithSystem: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

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
    try {
      addresses = await (options.resolve ?? resolveWithSystem)(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolved', message: 'O endereço do serviço de push não foi encontrado.' };
  }
  const allowed = (address: string) => isPublicAddress(address) || (options.allowLoopback && isLoopbackAddress(address));
  if (!addresses.every(({ address }) => allowed(address))) return refused('O endereço de envio leva a uma rede privada ou local.');
  if (isHttp && !addresses.every(({ address }) => isLoopbackAddress(address))) return refused('O endereço de envio deve usar https.');
  const [first] = addresses;
  return { ok: true, target: { url, address: first!.address, family: first!.family === 6 ? 6 : 4 } };
}
