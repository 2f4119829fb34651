import { afterAll } from 'vitest';
import { stopStartedServers } from './cli-server.ts';

// The app project's setup file: registered before the file's own hooks, so it runs after them (vitest runs
// `afterAll` hooks in reverse order) and stops what they left running.
afterAll(() => stopStartedServers(), 120_000);
