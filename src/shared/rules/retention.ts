/**
 * How long the platform keeps what it no longer needs (decision 043), as the privacy policy states it. The server
 * reads each figure from its variable (NOTIFICATIONS_RETENTION_DAYS, EMAIL_RETENTION_DAYS, INACTIVE_ACCOUNT_YEARS)
 * with these as defaults; the privacy page states the figures configured (GET /api/privacy/retention).
 */
export const RETENTION_DEFAULTS = {
  /** Notifications older than this are deleted. */
  notificationsDays: 365,
  /** Copies of e-mails sent longer ago than this are deleted (never one still to be delivered). */
  emailsDays: 90,
  /** An account unused this long, with no balance and nothing ahead, is erased after a warning. */
  inactiveAccountYears: 2,
} as const;

/** The warning e-mail goes this long before an inactive account is erased. */
export const INACTIVITY_WARNING_DAYS = 30;
