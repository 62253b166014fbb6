import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../test-support/server/test-app';
import { splitRoute } from '../../shared/api/route-key';
import { type ApiRoute, apiRoutes, type RouteContract } from '../../shared/api/routes';

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
      expect(operation!.requestBody !== undefined, route).toBe(contract.body !== undefined);
    }
  });
});
