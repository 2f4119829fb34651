import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built web app from the same origin. Paths the app's router owns (anything that is not a file)
 * get index.html; hashed assets are cached for a year, the page itself never.
 */
export async function registerWebRoot(app: FastifyInstance, webRoot: string | null) {
  const hasApp = webRoot !== null && existsSync(join(webRoot, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes(`${join(webRoot, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  return async function fallback(request: FastifyRequest, reply: FastifyReply) {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasApp && wantsPage && !looksLikeFile(request.url)) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html');
    }
    return reply.code(HttpStatus.NotFound).type('text/plain; charset=utf-8').send('Not found');
  };
}

function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return /\.[a-z0-9]+$/i.test(path);
}
