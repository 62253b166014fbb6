/**
 * Every `code` an error reply of the API can carry, with the HTTP status it is sent with. The one list: the
 * server's `AppError` takes a code from here and its status from here, the OpenAPI document lists these codes,
 * and the web decides on them (never on a status number or on the pt-BR text, which may change).
 * A code names the situation, not the status, and never changes once published; a new situation gets a new code.
 */
export const errorCodes = {
  // The request itself
  validation_failed: 400,
  malformed_json: 400,
  json_too_deep: 400,
  control_character: 400,
  bad_request: 400,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  not_found: 404,
  rate_limited: 429,
  too_many_live_streams: 429,
  busy_try_again: 503,
  database_unavailable: 503,
  shutting_down: 503,
  internal_error: 500,

  // Session and accounts
  unauthenticated: 401,
  session_expired: 401,
  forbidden: 403,
  invalid_credentials: 401,
  google_sign_in_disabled: 404,
  google_token_invalid: 401,
  google_email_unverified: 401,
  email_taken: 409,
  reset_code_invalid: 400,
  no_password_yet: 400,
  current_password_wrong: 400,
  deletion_password_required: 400,
  deletion_password_wrong: 400,
  deletion_email_required: 400,
  deletion_email_mismatch: 400,
  last_admin: 409,
  account_has_credits: 409,
  user_not_found: 404,
  phone_required: 400,

  // Games and registrations
  game_not_found: 404,
  state_not_found: 404,
  city_exists: 409,
  game_cancelled: 409,
  game_already_cancelled: 409,
  game_started: 409,
  game_not_published: 409,
  game_finished: 409,
  already_registered: 409,
  already_on_waitlist: 409,
  game_has_free_slots: 409,
  not_registered: 404,
  payment_type_required: 400,
  insufficient_credits: 400,
  confirmation_required: 409,
  slots_below_occupied: 400,
  payment_mode_locked: 409,
  invite_daily_limit: 429,
  message_daily_limit: 429,
  invitation_not_found: 404,
  notification_not_found: 404,
  calendar_feed_not_found: 404,
  push_endpoint_refused: 400,
  unsubscribe_link_invalid: 400,
  unsubscribe_link_expired: 400,

  // Game day
  check_in_too_early: 409,
  check_in_too_late: 409,
  player_not_confirmed: 404,
  not_enough_players: 409,

  // Walk-ins and the organiser's list (decision 047)
  game_full: 409,
  walk_in_not_found: 404,
  player_not_registered: 404,

  // Weekly series
  series_not_found: 404,
  series_cancelled: 409,
  series_ended: 409,
  already_member: 409,
  no_member_places: 409,
  member_places_full: 409,
  series_member_not_found: 404,
  member_slots_below_members: 400,
  occurrences_below_created: 400,

  group_not_found: 404,
  group_suspended: 409,
  group_not_suspended: 409,
  group_member_not_found: 404,
  group_request_not_found: 404,
  already_group_member: 409,
  group_invite_invalid: 400,
  group_owner_stays: 409,
  group_slug_taken: 409,
  group_role_forbidden: 403,

  // Administration
  player_not_in_game: 404,
  cancellation_not_found: 404,
  cancellation_already_resolved: 409,
  cancellation_in_progress: 409,
  refund_guaranteed: 409,
  original_payment_not_found: 409,
  idempotency_key_reused: 409,

  // Payments and credits
  payment_not_found: 404,
  payment_not_refundable: 409,
  refund_amount_invalid: 400,
  refund_too_large: 409,
  refund_refused: 409,
  payment_provider_unavailable: 503,
  checkout_failed: 503,
  payment_provider_not_found: 404,
  webhook_not_authentic: 400,
  test_credits_sandbox_only: 403,

  // Organisers' earnings and payouts
  payout_key_missing: 409,
  payout_below_minimum: 409,
  payout_above_available: 409,
  payout_already_requested: 409,
  payout_not_found: 404,
  payout_already_decided: 409,
  payout_reference_used: 409,
  payout_above_balance: 409,
  account_has_earnings: 409,
  account_owes_earnings: 409,

  // Organisers' own payment accounts (decision 082)
  payment_account_unavailable: 404,

  // The backup endpoint (loopback, for `npm run backup`)
  backup_token_invalid: 401,
  backup_failed: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCodes;

/** Every code, for the OpenAPI enum and for checks. */
export const errorCodeList = Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(errorCodes, value);

/** The HTTP status a reply with `code` is sent with. */
export const statusOfCode = (code: ErrorCode): number => errorCodes[code];
