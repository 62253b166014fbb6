export const E2E_APP_PORT = 3100;
export const E2E_SMTP_PORT = 3125;
export const E2E_MAIL_PORT = 3126;
/** Test-only control endpoint of the e2e server (creates games the public API cannot create yet). */
export const E2E_CONTROL_PORT = 3127;
