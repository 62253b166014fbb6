import { eq, or } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { withoutUnsafeNameCharacters } from '../../../shared/rules/person-name';
import type { ServerContext } from '../../core/context';
import { claimEmailInvitations } from '../../core/invitations/record-invitation';
import { recordSignIn } from '../../core/retention/record-sign-in';
import { liveEmailIs } from '../../core/users/live-email';
import { users } from '../../db/schema';
import type { GoogleIdentity } from '../../integrations/google/verify-google-token';
import { AppError } from '../../lib/app-error';
import { issueSession } from './issue-session';

/**
 * A new account's name: the Google profile's, cleared of what no name typed here may hold (line breaks, direction
 * controls: `rules/person-name.ts`), since it cannot be refused; without one, the e-mail's first part.
 */
function nameOf(identity: GoogleIdentity): string {
  return withoutUnsafeNameCharacters(identity.name ?? '') || identity.email.split('@')[0]!;
}

/** Signs in the Google account's user: by Google id, else by verified e-mail (linking it), else a new account. */
export async function signInWithGoogle(ctx: ServerContext, idToken: string) {
  if (!ctx.google) throw new AppError('google_sign_in_disabled', messages.googleDisabled);
  const identity = await ctx.google.verify(idToken);
  if (!identity) throw new AppError('google_token_invalid', messages.googleInvalidToken);
  if (!identity.emailVerified) throw new AppError('google_email_unverified', messages.googleUnverifiedEmail);

  const user = await ctx.db.transaction(async (tx) => {
    const findOrLink = async () => {
      const matches = await tx
        .select()
        .from(users)
        .where(or(eq(users.googleSub, identity.sub), liveEmailIs(identity.email)));
      const existing = matches.find((u) => u.googleSub === identity.sub) ?? matches[0];
      if (!existing || existing.googleSub === identity.sub) return existing;
      const [linked] = await tx.update(users).set({ googleSub: identity.sub }).where(eq(users.id, existing.id)).returning();
      return linked!;
    };
    const existing = await findOrLink();
    if (existing) return existing;
    const [created] = await tx
      .insert(users)
      .values({ name: nameOf(identity), email: identity.email, googleSub: identity.sub })
      .onConflictDoNothing()
      .returning();
    if (created) await claimEmailInvitations(tx, created);
    // A simultaneous sign-in (a double click) created the account between our read and insert: use it.
    return created ?? (await findOrLink())!;
  });
  await recordSignIn(ctx.db, user.id, ctx.clock.now());
  return issueSession(ctx.tokens, user);
}
