// E2E_PORT_BASE moves all four ports at once, so two checkouts can run their journeys side by side.
const base = Number(process.env.E2E_PORT_BASE ?? 3100);

export const E2E_APP_PORT = base;
export const E2E_SMTP_PORT = base + 25;
export const E2E_MAIL_PORT = base + 26;
/** Test-only control endpoint of the e2e server (creates games the public API cannot create yet). */
export const E2E_CONTROL_PORT = base + 27;
