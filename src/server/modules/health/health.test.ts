import { describe, expect, it } from 'vitest';
import { createTestApp, setUpTestApp } from '../../../../test-support/server/test-app';

describe('GET /api/health', () => {
  const t = setUpTestApp();

  it('answers ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'database_unavailable', message: 'Banco de dados indisponível.' });
    await other.app.close();
  });
});
