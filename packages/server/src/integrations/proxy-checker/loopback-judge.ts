import { createServer, type Server } from 'node:http';
import { PROXY_JUDGE_PATH } from './check-target.ts';
import { judgeAnswerOf } from './judge-route.ts';

/**
 * The judge of sandbox mode: a tiny HTTP endpoint on 127.0.0.1 answering `GET /api/proxy-judge` exactly as the
 * server's own route does, so proxies on this machine (the demo's) check as valid without any outside host.
 * It listens on a port of its own, started at the first batch that needs it, so it works whatever address the
 * server itself listens on.
 */
export class LoopbackJudge {
  private server: Server | null = null;
  private starting: Promise<string> | null = null;
  private failures = 0;

  /**
   * Connections the judge could not accept (EMFILE: the process is out of descriptors). The connection is dropped
   * unanswered, so the check through it fails for this server's reason.
   */
  acceptFailures(): number {
    return this.failures;
  }

  /** The judge's check URL, starting it on first use. */
  url(): Promise<string> {
    this.starting ??= this.start();
    return this.starting;
  }

  private async start(): Promise<string> {
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://judge.invalid');
      if (request.method !== 'GET' || url.pathname !== PROXY_JUDGE_PATH) {
        response.writeHead(404).end();
        return;
      }
      const answer = judgeAnswerOf(
        request.socket.remoteAddress ?? '',
        url.searchParams.get('marker'),
        request.headers,
      );
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
        .end(JSON.stringify({ success: true, data: answer, error: null }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    // A failed accept is an 'error' of the listening server: counted, never a crash of the process.
    server.on('error', () => {
      this.failures += 1;
    });
    this.server = server;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${port}${PROXY_JUDGE_PATH}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.starting = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
