import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { splitRoute } from '../../shared/api/route-key';
import { type ApiRoute, apiRoutes, type RouteContract } from '../../shared/api/routes';
import { errorCodes } from '../../shared/error-codes';
import { derivedErrorStatuses, operationIdOf } from './route-helpers';

/**
 * Every route the app registers, `'METHOD /path'`, read from Fastify's own tree of them (`printRoutes`): each
 * line is a node whose path continues its parent's, with the methods it answers. HEAD is Fastify's copy of a GET.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const branch: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    branch.length = node[1]!.length / 4;
    branch.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${branch.join('')}`);
  }
  return routes;
}

describe('the route table (shared/api/routes.ts)', () => {
  const t = setUpTestApp();

  it('is exactly what the server registers under /api, apart from the documentation pages', () => {
    const api = registeredRoutes(t.app)
      .filter((route) => / \/api\//.test(route) && !/ \/api\/docs\b/.test(route))
      .map((route) => route.replace(' /api/', ' /'));
    expect([...api].sort()).toEqual(Object.keys(apiRoutes).sort());
  });

  it('gives OpenAPI each route with its success status and the parts of its contract', () => {
    type Operation = { parameters?: Array<{ in: string }>; requestBody?: unknown; responses: Record<string, unknown> };
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    for (const [route, contract] of Object.entries(apiRoutes) as Array<[ApiRoute, RouteContract]>) {
      const { method, path } = splitRoute(route);
      const operation = document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(Object.keys(operation!.responses), route).toContain(String(contract.status ?? 200));
      expect(operation!.parameters?.some((parameter) => parameter.in === 'path') ?? false, route).toBe(contract.params !== undefined);
      expect(operation!.parameters?.some((parameter) => parameter.in === 'query') ?? false, route).toBe(contract.query !== undefined);
      expect(operation!.requestBody !== undefined, route).toBe((contract.body ?? contract.rawBody) !== undefined);
    }
  });

  it('declares on every operation the error statuses its method and contract imply, each with the codes of that status', () => {
    type Operation = {
      operationId?: string;
      security?: unknown[];
      responses: Record<string, { content?: Record<string, { schema: { properties?: { code?: { enum?: string[] } } } }> }>;
    };
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    // The API's operations only: the web app's pages and the sandbox checkout are not operations of it.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const operationIds = new Set<string>();
    for (const [route, contract] of Object.entries(apiRoutes) as Array<[ApiRoute, RouteContract]>) {
      const { method, path } = splitRoute(route);
      const operation = document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]![method.toLowerCase()]!;
      expect(operation.operationId, route).toBe(operationIdOf(route));
      operationIds.add(operation.operationId!);
      expect(Array.isArray(operation.security), route).toBe(true);
      for (const status of derivedErrorStatuses(method, contract))
        expect(Object.keys(operation.responses), route).toContain(String(status));
      if ((operation.security?.length ?? 0) > 0) expect(Object.keys(operation.responses), route).toContain('401');
      for (const [status, response] of Object.entries(operation.responses)) {
        const codes = response.content?.['application/json']?.schema.properties?.code?.enum;
        if (Number(status) < 400 || !codes) continue;
        expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
        for (const code of codes) expect(errorCodes[code as keyof typeof errorCodes], `${route} ${status} ${code}`).toBe(Number(status));
      }
    }
    expect(operationIds.size).toBe(Object.keys(apiRoutes).length);
  });

  it('declares a 429 on every route with a rate limit among its hooks', () => {
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    // Routes whose 429 no one lists by hand: it comes from the limit among their hooks.
    const limited: ApiRoute[] = [
      'POST /users/me/password',
      'DELETE /users/me',
      'POST /users/me/push-subscriptions',
      'GET /games',
      'POST /unsubscribe/:token',
    ];
    for (const route of limited) {
      const { method, path } = splitRoute(route);
      expect(Object.keys(document.paths[`/api${path.replace(/:(\w+)/g, '{$1}')}`]![method.toLowerCase()]!.responses), route).toContain(
        '429',
      );
    }
    expect(Object.keys(document.paths['/api/games/sports']!.get!.responses)).not.toContain('429');
  });
});
