import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkPushEndpoint, HOST_LOOKUP_TIMEOUT_MS, isPublicAddress } from './endpoint-safety';

describe('which addresses are public', () => {
  it.each([
    '8.8.8.8',
    '142.250.78.10',
    '2606:4700:4700::1111',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '2800:3f0:4001:80e::200a',
    // Forms that carry a public IPv4 address reach that address.
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '::ffff:8.8.8.8',
    '::ffff:0:8.8.8.8',
    '::8.8.8.8',
    '2002:808:808::1',
  ])('%s is', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::7f00:1',
    '64:ff9b:1::808:808',
    '2001:db8::1',
    '2001::1',
    '3fff::1',
    '2002:a00:1::',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    'não-é-endereço',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // An IPv4 address inside an IPv6 one, in each form and written either way (a URL's host comes as hex groups:
  // `[::127.0.0.1]` is `[::7f00:1]`): judged by the IPv4 address.
  it.each([
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback in hex'],
    ['::169.254.169.254', 'IPv4-compatible metadata service'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata service in hex'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated loopback'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback in hex'],
    ['::ffff:0:100.64.0.1', 'IPv4-translated CGNAT'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata service in hex'],
    ['0:0:0:0:0:ffff:c0a8:1', 'IPv4-mapped private, uncompressed'],
    ['64:ff9b::192.168.1.1', 'NAT64 private'],
  ])('%s (%s) is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('any IPv6 address outside 2000::/3 is not, unless it carries a public IPv4 address', () => {
    for (const address of ['1000::1', '4000::1', '100::1', '::2:0:0:1', 'e000::1', '::1:808:808']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('checking an endpoint', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('accepts an https name that resolves only to public addresses, and pins the first', async () => {
    const check = await checkPushEndpoint('https://push.example.com/wpush/v2/abc', {
      allowLoopback: false,
      resolve: resolvesTo('2606:4700::1', '8.8.4.4'),
    });
    expect(check).toMatchObject({ ok: true, target: { address: '2606:4700::1', family: 6 } });
  });

  it('refuses a name that also resolves inside (DNS rebinding), and one that resolves to nothing is only unresolved', async () => {
    expect(
      await checkPushEndpoint('https://push.example.com/x', { allowLoopback: false, resolve: resolvesTo('8.8.8.8', '10.0.0.1') }),
    ).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    expect(await checkPushEndpoint('https://push.example.com/x', { allowLoopback: false, resolve: resolvesTo() })).toMatchObject({
      ok: false,
      reason: 'unresolved',
    });
  });

  it.each(['https://[::127.0.0.1]/', 'https://[::169.254.169.254]/', 'https://[::ffff:0:127.0.0.1]/', 'https://[2002:7f00:1::]/'])(
    'refuses %s, an IPv6 literal carrying a loopback or link-local IPv4 address',
    async (endpoint) => {
      expect(await checkPushEndpoint(endpoint, { allowLoopback: false })).toMatchObject({ ok: false, reason: 'refused' });
    },
  );

  it('accepts a global IPv6 literal, and refuses a name that resolves to an IPv4-compatible private address', async () => {
    expect(await checkPushEndpoint('https://[2606:4700::1111]/wpush/x', { allowLoopback: false })).toMatchObject({
      ok: true,
      target: { address: '2606:4700::1111', family: 6 },
    });
    expect(
      await checkPushEndpoint('https://push.example.com/x', { allowLoopback: false, resolve: resolvesTo('2606:4700::1', '::a00:1') }),
    ).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('with PUSH_ALLOW_LOOPBACK, allows loopback (and http there) but still no private network, nor http elsewhere', async () => {
    expect(await checkPushEndpoint('http://127.0.0.1:4000/push/x', { allowLoopback: true })).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('http://[::1]:4000/push/x', { allowLoopback: true })).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('https://10.0.0.1/push/x', { allowLoopback: true })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await checkPushEndpoint('http://8.8.8.8/push/x', { allowLoopback: true })).toMatchObject({ ok: false, reason: 'refused' });
  });
});

describe('the lookup of an endpoint name', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`waits ${HOST_LOOKUP_TIMEOUT_MS} ms at most, then answers "unresolved" even if the resolver never does`, async () => {
    vi.useFakeTimers();
    const check = checkPushEndpoint('https://push.lenta.example/x', { allowLoopback: false, resolve: () => new Promise(() => {}) });
    let outcome: unknown;
    void check.then((value) => (outcome = value));
    await vi.advanceTimersByTimeAsync(HOST_LOOKUP_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({
      ok: false,
      reason: 'unresolved',
      message: 'O endereço do serviço de push demorou demais para ser encontrado.',
    });
  });

  it('takes an answer that comes in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const check = checkPushEndpoint('https://push.example/x', {
      allowLoopback: false,
      resolve: () => new Promise((done) => setTimeout(() => done([{ address: '8.8.8.8', family: 4 }]), HOST_LOOKUP_TIMEOUT_MS - 100)),
    });
    await vi.advanceTimersByTimeAsync(HOST_LOOKUP_TIMEOUT_MS - 100);
    expect(await check).toMatchObject({ ok: true, target: { address: '8.8.8.8', family: 4 } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not let a lookup that fails after the bound go unhandled', async () => {
    vi.useFakeTimers();
    const check = checkPushEndpoint('https://push.example/x', {
      allowLoopback: false,
      resolve: () => new Promise((_done, fail) => setTimeout(() => fail(new Error('ETIMEOUT')), HOST_LOOKUP_TIMEOUT_MS * 3)),
    });
    await vi.advanceTimersByTimeAsync(HOST_LOOKUP_TIMEOUT_MS * 3);
    expect(await check).toMatchObject({ ok: false, reason: 'unresolved' });
  });
});
