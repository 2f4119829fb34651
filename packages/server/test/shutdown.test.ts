import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/test-app.ts';

describe('graceful shutdown', () => {
  it('lets a request under way finish, then refuses new connections', async () => {
    let entered: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const server = await startTestServer((app) => {
      app.get('/api/test/slow', async () => {
        entered();
        await new Promise((done) => setTimeout(done, 300));
        return { success: true, data: 'finished', error: null };
      });
    });
    const pending = fetch(`${server.url}/api/test/slow`).then(
      (res) => res.json() as Promise<{ data: string }>,
    );
    await inside;
    const stopped = server.stop();
    expect((await pending).data).toBe('finished');
    await stopped;
    await expect(fetch(`${server.url}/api/system/status`)).rejects.toThrow();
  });
});
