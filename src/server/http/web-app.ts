import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';

/**
 * Serves the built SPA: hashed assets with a year of cache, everything else revalidated, and
 * `index.html` for every non-API GET so client routes work on reload. `/api/*` misses get JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const hasBuild = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      index: ['index.html'],
      setHeaders(res, filePath) {
        const relative = path.relative(webRoot!, filePath);
        res.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    const isMissingAsset = url.startsWith('/assets/');
    if (isApi || isMissingAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: messages.notFound });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
