import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, isPublicAddress } from './endpoint-safety';

describe('which addresses are public', () => {
  it.each(['8.8.8.8', '142.250.78.10', '2606:4700:4700::1111', '2a00:1450:4001::200e', '64:ff9b::808:808', '::ffff:8.8.8.8'])(
    '%s is',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

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
    'fd00:ec2::254',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    '2002:a00:1::',
    'não-é-endereço',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
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

  it('with PUSH_ALLOW_LOOPBACK, allows loopback (and http there) but still no private network, nor http elsewhere', async () => {
    expect(await checkPushEndpoint('http://127.0.0.1:4000/push/x', { allowLoopback: true })).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('http://[::1]:4000/push/x', { allowLoopback: true })).toMatchObject({ ok: true });
    expect(await checkPushEndpoint('https://10.0.0.1/push/x', { allowLoopback: true })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await checkPushEndpoint('http://8.8.8.8/push/x', { allowLoopback: true })).toMatchObject({ ok: false, reason: 'refused' });
  });
});
