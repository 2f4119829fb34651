import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerJudge } from '../../src/integrations/proxy-checker/index.ts';

describe('GET /api/proxy-judge', () => {
  it("answers the caller's IP, the marker and revealing headers, never an auth value", async () => {
    const app = Fastify();
    registerJudge(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/api/proxy-judge?marker=abc`, {
        headers: { via: '1.1 squid', 'x-forwarded-for': '9.9.9.9', 'proxy-authorization': 'Basic c2VjcmV0' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await response.json();
      expect(body).toEqual({
        success: true,
        data: {
          ip: '127.0.0.1',
          marker: 'abc',
          headers: { via: '1.1 squid', 'x-forwarded-for': '9.9.9.9', 'proxy-authorization': '(present)' },
        },
        error: null,
      });
    } finally {
      await app.close();
    }
  });
});
