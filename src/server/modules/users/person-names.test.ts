import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createGame, createSignedInUser } from '../../../../test-support/server/factories';
import { tableDigest } from '../../../../test-support/server/reads';
import { setUpTestApp } from '../../../../test-support/server/test-app';
import { messages } from '../../../shared/messages';
import { users } from '../../db/schema';

// Names that cannot pose as others (issue 39): every name a person types refuses line breaks, control characters and
// direction controls with a 400 naming the field; the global control-character check (decision 035) lets tab, CR and
// LF through and knows nothing of Unicode's separators and direction controls, so these reach the field's own rule.
const t = setUpTestApp();
const db = () => t.app.ctx.db;
const UNSAFE = messages.nameUnsafeCharacters;

const UNSAFE_NAMES: [string, string][] = [
  ['CR LF and a forged header', 'Ana\r\nBcc: todos@exemplo.com'],
  ['a line feed at the end', 'Ana Souza\n'],
  ['a tab', 'Ana\tSouza'],
  ['NEL (C1)', 'Ana\u0085Souza'],
  ['the line separator', 'Ana\u2028Souza'],
  ['the paragraph separator', 'Ana\u2029Souza'],
  ['a right-to-left override', '\u202Eetnaf'],
  ['a left-to-right embedding', 'Ana \u202ASouza\u202C'],
  ['a right-to-left isolate', 'Ana \u2067Souza\u2069'],
  ['a first-strong isolate', 'Ana \u2068Souza\u2069'],
  ['a right-to-left mark', 'Ana\u200F Souza'],
  ['an Arabic letter mark', 'Ana\u061C Souza'],
];

/** Names that must still be accepted, as typed: accents, apostrophes, hyphens, other scripts, emoji with joiners. */
const FINE_NAMES = ['José D’Ávila', 'Ana-Lúcia Souza', 'محمد علي', 'Nguyễn Thị Hà', 'Zoë \u{1F469}\u200D\u{1F469}\u200D\u{1F467}'];

type Headers = Record<string, string>;
const send = (method: 'POST' | 'PUT', url: string, payload: object, headers: Headers = {}) =>
  t.app.inject({ method, url, headers, payload });

function expectRefused(res: Awaited<ReturnType<typeof send>>, field: string, what: string) {
  expect([res.statusCode, res.json()], what).toEqual([400, { code: 'validation_failed', message: UNSAFE, fields: { [field]: UNSAFE } }]);
}

describe('a name with line breaks or direction controls', () => {
  it.each(UNSAFE_NAMES)('is refused at sign-up, in the profile, for a walk-in and as a PIX holder: %s', async (what, name) => {
    const organiser = await createSignedInUser(t.app, { name: 'Olga Souza' });
    const game = await createGame(db(), { creatorId: organiser.user.id });
    const before = await tableDigest(db());

    expectRefused(
      await send('POST', '/api/auth/register', { name, email: 'nova@exemplo.com.br', password: 'senha-forte-123' }),
      'name',
      what,
    );
    expectRefused(await send('PUT', '/api/users/me', { name }, organiser.headers), 'name', what);
    expectRefused(await send('POST', `/api/user-games/${game.id}/walk-ins`, { name }, organiser.headers), 'name', what);
    expectRefused(
      await send('PUT', '/api/users/me/payout-key', { type: 'email', key: 'olga@exemplo.com.br', holderName: name }, organiser.headers),
      'holderName',
      what,
    );
    expect(await tableDigest(db())).toEqual(before);
  });
});

describe('a name without them', () => {
  it.each(FINE_NAMES)('is kept as typed everywhere: %s', async (name) => {
    const organiser = await createSignedInUser(t.app);
    const game = await createGame(db(), { creatorId: organiser.user.id });

    const signedUp = await send('POST', '/api/auth/register', {
      name: ` ${name} `,
      email: `nome${organiser.user.id}@exemplo.com.br`,
      password: 'senha-forte-123',
    });
    expect([signedUp.statusCode, signedUp.json().user.name]).toEqual([201, name]);
    const profile = await send('PUT', '/api/users/me', { name }, organiser.headers);
    expect([profile.statusCode, profile.json().user.name]).toEqual([200, name]);
    const walkIn = await send('POST', `/api/user-games/${game.id}/walk-ins`, { name }, organiser.headers);
    expect([walkIn.statusCode, walkIn.json().walkIns.map((w: { name: string }) => w.name)]).toEqual([201, [name]]);
    const key = await send(
      'PUT',
      '/api/users/me/payout-key',
      { type: 'email', key: 'olga@exemplo.com.br', holderName: name },
      organiser.headers,
    );
    expect([key.statusCode, key.json().payoutKey.holderName]).toEqual([200, name]);
    const [row] = await db()
      .select({ name: users.name, holder: users.payoutHolderName })
      .from(users)
      .where(eq(users.id, organiser.user.id));
    expect(row).toEqual({ name, holder: name });
  });

  it('the other rules of each field still answer first for what they are about', async () => {
    const { headers } = await createSignedInUser(t.app);
    const short = await send('PUT', '/api/users/me', { name: 'A' }, headers);
    expect(short.json()).toMatchObject({ code: 'validation_failed', fields: { name: messages.nameTooShort } });
    // NUL is still the global check's, with its own code.
    const nul = await send('PUT', '/api/users/me', { name: 'Ana\u0000' }, headers);
    expect(nul.json()).toMatchObject({ code: 'control_character', fields: { name: messages.controlCharacter } });
  });
});
