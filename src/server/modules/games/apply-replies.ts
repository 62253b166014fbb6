import { messages } from '../../../shared/messages';
import { toReais } from '../../../shared/money';
import type { ApplyReply, PaymentType } from '../../../shared/schemas/games';

/** An apply's reply for a place taken, the same from the one-statement path and the full one; `credits` in reais. */
export const confirmedReply = (paymentType: PaymentType | null, paidCents: number, credits: number): ApplyReply => ({
  message: messages.registrationConfirmed,
  waitlisted: false,
  registrationType: 'confirmed',
  paymentType,
  amountCharged: toReais(paidCents),
  credits,
});

/** An apply's reply for a place in the line: nothing charged. */
export const waitlistedReply = (credits: number): ApplyReply => ({
  message: messages.addedToWaitlist,
  waitlisted: true,
  registrationType: 'waitlist',
  paymentType: null,
  amountCharged: 0,
  credits,
});
