import {
  ApiError,
  createApiClient,
  MemoryTokenStore,
  SessionExpiredError,
  TwoFactorCancelledError,
} from '@tradedeck/sdk/client';
import { contract, defineOperation, twoFactorInputSchema } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/http/app-error.ts';
import { bindOperation } from '../../src/http/bind-operation.ts';
import type { RunningServer } from '../../src/server.ts';
import { startTestServer } from '../helpers/test-app.ts';

const whoami = defineOperation({
  id: 'test.whoami',
  method: 'GET',
  path: '/api/test/whoami',
  summary: 'who is calling',
  input: z.object({}),
  output: z.object({ token: z.string() }),
  flags: {},
});

const secure = defineOperation({
  id: 'test.secure',
  method: 'POST',
  path: '/api/test/secure',
  summary: 'needs a second factor',
  input: z.object({ value: z.string(), twoFactor: twoFactorInputSchema.optional() }),
  output: z.object({ value: z.string() }),
  flags: {},
});

const TEST_REFRESH_PATH = '/api/test/refresh-token';
const worldFetch: typeof fetch = (input, init) =>
  fetch(String(input).replace(contract.auth.refreshToken.path, TEST_REFRESH_PATH), init);

/** A server whose session rules the tests steer: which tokens are valid, what a refresh answers. */
const world = {
  validTokens: new Set<string>(),
  refreshCalls: 0,
  whoamiCalls: 0,
  refreshFails: false,
  refreshDelayMs: 0,
  issuedTtlMs: 15 * 60_000,
  rejectEverything: false,
  issued: 0,
};

function bindTestRoutes(app: FastifyInstance) {
  app.authenticate = async (request) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (world.rejectEverything || !world.validTokens.has(token)) throw new AppError({ code: 11 });
  };
  // This world's tokens name no user, so there is no workspace to resolve: every call acts as its owner.
  app.workspaceGate = async () => {};
  // The real refresh route is served by the app; this world answers on its own path (see `worldFetch`).
  bindOperation(
    app,
    { ...contract.auth.refreshToken, id: 'test.refreshToken', path: TEST_REFRESH_PATH },
    async () => {
      world.refreshCalls += 1;
      if (world.refreshDelayMs) await new Promise((done) => setTimeout(done, world.refreshDelayMs));
      if (world.refreshFails) throw new AppError({ code: 11 });
      const accessToken = `token-${++world.issued}`;
      world.validTokens.add(accessToken);
      return { accessToken, expiresAt: new Date(Date.now() + world.issuedTtlMs).toISOString() };
    },
  );
  bindOperation(app, whoami, (_input, ctx) => {
    world.whoamiCalls += 1;
    return { token: ctx.request.headers.authorization?.replace(/^Bearer /, '') ?? '' };
  });
  bindOperation(app, secure, (input) => {
    if (input.twoFactor?.codes?.totp !== '123456') {
      throw new AppError({
        code: 101,
        text: { ru: 'Неверный код', en: 'Wrong code' },
        // As the server answers: `failed` names the fields of a wrong attempt, none when no code was given.
        details: { requirements: ['totp'], failed: input.twoFactor ? ['totp'] : [] },
      });
    }
    return { value: input.value };
  });
}

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer(bindTestRoutes);
});
afterAll(() => server.stop());
beforeEach(() => {
  Object.assign(world, {
    refreshCalls: 0,
    whoamiCalls: 0,
    refreshFails: false,
    refreshDelayMs: 0,
    issuedTtlMs: 15 * 60_000,
    rejectEverything: false,
  });
  world.validTokens.clear();
});

function clientWith(expiresInMs: number, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  world.validTokens.add('start');
  const tokens = new MemoryTokenStore({
    accessToken: 'start',
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  });
  return createApiClient({ baseUrl: server.url, tokenStore: tokens, fetch: worldFetch, ...extra });
}

describe('refresh ahead of expiry', () => {
  it('does not refresh a token with more than 60 s left', async () => {
    const client = clientWith(61_000);
    expect(await client.call(whoami)).toEqual({ token: 'start' });
    expect(world.refreshCalls).toBe(0);
  });

  it('refreshes a token that expires within 60 s before the call', async () => {
    const client = clientWith(59_000);
    const { token } = await client.call(whoami);
    expect(token).toMatch(/^token-\d+$/);
    expect(world.refreshCalls).toBe(1);
    expect(client.tokens.get()?.accessToken).toBe(token);
  });

  it('shares one refresh between concurrent callers', async () => {
    world.refreshDelayMs = 150;
    const client = clientWith(10_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.call(whoami)));
    expect(world.refreshCalls).toBe(1);
    expect(new Set(answers.map((a) => a.token)).size).toBe(1);
  });

  it('does not repeat an unforced refresh within 60 s', async () => {
    world.issuedTtlMs = 30_000;
    let now = Date.now();
    const client = clientWith(30_000, { now: () => now });
    await client.call(whoami);
    await client.call(whoami);
    expect(world.refreshCalls).toBe(1);
    now += 61_000;
    world.issuedTtlMs = 15 * 60_000;
    await client.call(whoami).catch(() => {});
    expect(world.refreshCalls).toBe(2);
  });

  it('refreshes when forced even within the cool-down', async () => {
    const client = clientWith(30_000);
    await client.call(whoami);
    expect(await client.session.refresh(true)).toBe('refreshed');
    expect(world.refreshCalls).toBe(2);
  });
});

describe('an unauthorised answer', () => {
  it('is followed by one refresh and one retry', async () => {
    const client = clientWith(10 * 60_000);
    world.validTokens.delete('start');
    const { token } = await client.call(whoami);
    expect(token).toMatch(/^token-/);
    expect(world.refreshCalls).toBe(1);
    expect(world.whoamiCalls).toBe(1);
  });

  it('ends in "expired" when the retry is refused too: token cleared, host told once', async () => {
    const onSessionExpired = vi.fn();
    const client = clientWith(10 * 60_000, { onSessionExpired });
    world.rejectEverything = true;
    await expect(client.call(whoami)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(world.refreshCalls).toBe(1);
    expect(world.whoamiCalls).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(client.tokens.get()).toBeNull();
  });

  it('ends in "expired" when the refresh itself is refused', async () => {
    const client = clientWith(10 * 60_000);
    world.validTokens.delete('start');
    world.refreshFails = true;
    await expect(client.call(whoami)).rejects.toBeInstanceOf(SessionExpiredError);
    expect(world.refreshCalls).toBe(1);
    expect(client.tokens.get()).toBeNull();
  });
});

describe('the two-factor hook', () => {
  it('asks for codes with the failed requirements until the server accepts them', async () => {
    const answers = ['000000', '111111', '123456'];
    const prompts: Array<{ attempt: number; requirements: string[]; failed: string[] }> = [];
    const client = clientWith(10 * 60_000, {
      onTwoFactorRequired: async (challenge) => {
        prompts.push({
          attempt: challenge.attempt,
          requirements: challenge.requirements,
          failed: challenge.failed,
        });
        return { codes: { totp: answers[challenge.attempt]! } };
      },
    });
    expect(await client.call(secure, { value: 'x' })).toEqual({ value: 'x' });
    expect(prompts).toEqual([
      { attempt: 0, requirements: ['totp'], failed: [] },
      { attempt: 1, requirements: ['totp'], failed: ['totp'] },
      { attempt: 2, requirements: ['totp'], failed: ['totp'] },
    ]);
  });

  it('stops when the user cancels', async () => {
    const client = clientWith(10 * 60_000, { onTwoFactorRequired: async () => null });
    await expect(client.call(secure, { value: 'x' })).rejects.toBeInstanceOf(TwoFactorCancelledError);
  });

  it('returns the 101 answer to a call that skips the prompt', async () => {
    const prompt = vi.fn();
    const client = clientWith(10 * 60_000, { onTwoFactorRequired: prompt, language: () => 'en' });
    const error = await client.call(secure, { value: 'x' }, { skipTwoFactor: true }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ resultCode: 101, message: 'Wrong code', httpStatus: 403 });
    expect(prompt).not.toHaveBeenCalled();
  });
});

describe('typed calls from the contract', () => {
  it('calls system.status by its contract name', async () => {
    const client = createApiClient({ baseUrl: server.url, fetch: worldFetch });
    const status = await client.system.status();
    expect(status.name).toBe('tradedeck');
  });
});
