import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/server/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

const retention = async (app: TestApp) => {
  const res = await app.app.inject({ method: 'GET', url: '/api/privacy/retention' });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('GET /api/privacy/retention', () => {
  it('gives the periods as configured, to anyone, for the privacy page', async () => {
    t = await createTestApp({ env: { NOTIFICATIONS_RETENTION_DAYS: '180', EMAIL_RETENTION_DAYS: '60', INACTIVE_ACCOUNT_YEARS: '3' } });
    expect(await retention(t)).toEqual({
      status: 200,
      body: { notificationsDays: 180, emailsDays: 60, inactiveAccountYears: 3, warningDays: 30 },
    });
  });

  it('gives the defaults when nothing is configured', async () => {
    t = await createTestApp();
    expect(await retention(t)).toEqual({
      status: 200,
      body: { notificationsDays: 365, emailsDays: 90, inactiveAccountYears: 2, warningDays: 30 },
    });
  });
});
