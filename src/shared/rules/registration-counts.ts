import type { GameRegistration, UserGameDetail } from '../schemas/user-games';

export type RegistrationCounts = Omit<UserGameDetail['stats'], 'availableSlots'>;

/** How many of a game's registrations stand in each status; those who left the waitlist are not counted as cancellations. */
export function registrationCounts(list: Pick<GameRegistration, 'status' | 'leftWaitlist'>[]): RegistrationCounts {
  const count = (status: GameRegistration['status']) => list.filter((r) => r.status === status).length;
  return {
    confirmedRegistrations: count('confirmed'),
    pendingRegistrations: count('pending'),
    cancelledRegistrations: list.filter((r) => r.status === 'cancelled' && !r.leftWaitlist).length,
    waitlistRegistrations: count('waitlist'),
    leftWaitlistRegistrations: list.filter((r) => r.leftWaitlist).length,
  };
}
