export const E2E_APP_PORT = 3100;
export const E2E_SMTP_PORT = 3125;
export const E2E_MAIL_PORT = 3126;
