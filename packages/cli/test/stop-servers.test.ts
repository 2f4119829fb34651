import { expect, it } from 'vitest';
import { startCliServer, stopStartedServers } from './helpers/cli-server.ts';

// The CLI's app tests share a worker (vitest.config.ts): a server must not outlive the file that started it, even
// when the hook that started it timed out before the start ended.
it('stops a server of the file whose start ended after the sweep began', async () => {
  const starting = startCliServer();
  await stopStartedServers();
  const server = await starting;
  await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  // A server start, as the other files' `beforeAll` hooks make one (the first in a worker also loads the engine).
}, 120_000);
