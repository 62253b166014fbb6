import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test-support/server/factories';
import { tableDigest } from '../../../test-support/server/reads';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { messages } from '../../shared/messages';
import { findPrototypeKey } from './json-body';

// A valid JSON body with a key that reaches a prototype (`__proto__`, or `constructor` holding `prototype`) is refused
// like any other unknown field (issue 40, decision 064): 400 `validation_failed` naming the key, not "JSON malformado";
// in `fields` a `__proto__` is written `_`, so the reply itself holds no such key.

const t = setUpTestApp();

const post = (url: string, text: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: text });

const unknown = (path: string, key: string) => ({
  code: 'validation_failed',
  message: messages.unknownField(key),
  fields: { [path]: messages.unknownField(key) },
});

describe('a key that reaches a prototype', () => {
  it('at the top of the body is a 400 naming `__proto__`, and the account is not created', async () => {
    const before = await tableDigest(t.app.ctx.db);
    const res = await post(
      '/api/auth/register',
      '{"name":"Ana","email":"ana@bora.test","password":"Senha-forte-123","confirmPassword":"Senha-forte-123","__proto__":{"role":"admin"}}',
    );
    expect([res.statusCode, res.json()]).toEqual([400, unknown('_', '__proto__')]);
    expect(await tableDigest(t.app.ctx.db)).toEqual(before);
  });

  it('is named where it is, nested, escaped, or as `constructor.prototype`', async () => {
    const { headers } = await createSignedInUser(t.app);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    const nested = `{"endpoint":"https://push.example/x","keys":{"p256dh":"${keys.p256dh}","auth":"${keys.auth}","__proto__":{"x":1}}}`;
    const res = await post('/api/users/me/push-subscriptions', nested, headers);
    expect([res.statusCode, res.json()]).toEqual([400, unknown('keys._', '__proto__')]);

    const escaped = await post('/api/auth/login', '{"email":"a@b.com","password":"x","\\u005f_proto__":{"isAdmin":true}}');
    expect([escaped.statusCode, escaped.json()]).toEqual([400, unknown('_', '__proto__')]);

    const constructor = await post('/api/auth/login', '{"email":"a@b.com","password":"x","constructor":{"prototype":{"isAdmin":true}}}');
    expect([constructor.statusCode, constructor.json()]).toEqual([400, unknown('constructor', 'constructor')]);
  });

  it('names a long path with each key cut short', async () => {
    const long = 'k'.repeat(5_000);
    const res = await post('/api/auth/login', `{"${long}":{"__proto__":1}}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([`${'k'.repeat(60)}…._`]);
    expect(res.body.length).toBeLessThan(400);
  });

  it('leaves malformed JSON malformed, and a `constructor` that holds no prototype to the schema', async () => {
    const broken = await post('/api/auth/login', '{"__proto__": {"a": 1}');
    expect([broken.statusCode, broken.json()]).toEqual([400, { code: 'malformed_json', message: messages.malformedJson }]);
    const plain = await post('/api/auth/login', '{"email":"a@b.com","password":"x","constructor":"texto"}');
    expect([plain.statusCode, plain.json().code, Object.keys(plain.json().fields)]).toEqual([400, 'validation_failed', ['constructor']]);
  });
});

describe('in a query string', () => {
  it('is an unknown field like any other, named `_` for `__proto__` and by name for `constructor`', async () => {
    const proto = await t.app.inject({ method: 'GET', url: '/api/games?__proto__=1' });
    expect([proto.statusCode, proto.json()]).toEqual([400, unknown('_', '__proto__')]);
    const constructor = await t.app.inject({ method: 'GET', url: '/api/games?constructor=1&toString=2' });
    expect([constructor.statusCode, Object.keys(constructor.json().fields)]).toEqual([400, ['constructor', 'toString']]);
  });
});

describe('findPrototypeKey', () => {
  it('finds the first key that reaches a prototype, at any depth, and nothing in an ordinary body', () => {
    expect(findPrototypeKey(JSON.parse('{"a":[{"b":{"__proto__":{}}}]}'))).toEqual(['a', '0', 'b', '__proto__']);
    expect(findPrototypeKey(JSON.parse('{"constructor":{"prototype":null}}'))).toEqual(['constructor']);
    expect(findPrototypeKey(JSON.parse('{"constructor":{"name":"x"},"proto":1,"prototype":{}}'))).toBeUndefined();
    expect(findPrototypeKey(JSON.parse('[1,"__proto__",{"x":"__proto__"}]'))).toBeUndefined();
    expect(findPrototypeKey(Object.create({ __proto__: 1 }))).toBeUndefined(); // inherited, not its own key
  });
});
