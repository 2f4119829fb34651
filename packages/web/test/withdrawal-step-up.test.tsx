import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { contract } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { mountPromptHost } from './helpers/prompt-host.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server that asks the session for the withdrawal step-up until a code is given, and records every call. */
function withdrawalServer() {
  const calls: { path: string; key: string | null }[] = [];
  let steppedUp = false;
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ path, key: headers['idempotency-key'] ?? null });
    if (path === contract.user.stepUp.path) {
      steppedUp = true;
      return envelope({ success: true, data: { validUntil: '2030-01-01T00:00:00.000Z' }, error: null });
    }
    if (!steppedUp) {
      return envelope(
        {
          success: false,
          data: null,
          error: {
            message: 'Подтвердите действие',
            resultCode: 101,
            errorDetails: { stepUp: 'withdrawal', requirements: ['totp', 'recoveryCode'], failed: [] },
            traceId: 't',
          },
        },
        403,
      );
    }
    if (path === contract.p2p.start.path) {
      return envelope({ success: true, data: { succeededIds: [1], failed: [], message: null }, error: null });
    }
    return envelope({ success: true, data: { answered: ['7001'], missing: [] }, error: null });
  };
  return { calls, fetchImpl };
}

async function confirmWithCode() {
  const dialog = await screen.findByRole('dialog', { name: 'Двухфакторная аутентификация' });
  expect(dialog.textContent).toContain('Деньги или предметы уходят с ваших аккаунтов');
  fireEvent.change(screen.getByLabelText('Код из приложения-аутентификатора'), {
    target: { value: '123456' },
  });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' })));
}

function mount() {
  const server = withdrawalServer();
  return { services: mountPromptHost(server.fetchImpl), server };
}

describe('the withdrawal step-up of item operations through the app-wide dialog', () => {
  it('asks before the seller starts, then starts it', async () => {
    const { services, server } = mount();
    const started = services.client.p2p.start({ ids: [1] });
    await confirmWithCode();
    await expect(started).resolves.toMatchObject({ succeededIds: [1] });
    expect(server.calls.map((c) => c.path)).toEqual([
      contract.p2p.start.path,
      contract.user.stepUp.path,
      contract.p2p.start.path,
    ]);
  });

  it('confirms trades after the step-up with the Idempotency-Key of the first try', async () => {
    const { services, server } = mount();
    const confirmed = services.client.steamTrading.confirmOffers(
      { id: 4, offerIds: ['7001'], accept: true },
      { idempotencyKey: 'dialog-key-1' },
    );
    await confirmWithCode();
    await expect(confirmed).resolves.toEqual({ answered: ['7001'], missing: [] });
    const tries = server.calls.filter((c) => c.path === '/api/steam-accounts/4/confirmations');
    expect(tries.map((c) => c.key)).toEqual(['dialog-key-1', 'dialog-key-1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('makes one key per call when the caller names none, kept through the call’s own repeat', async () => {
    const { services, server } = mount();
    const confirmed = services.client.steamTrading.confirmOffers({ id: 4, offerIds: ['7001'], accept: true });
    await confirmWithCode();
    await confirmed;
    const keys = server.calls.filter((c) => c.path.endsWith('/confirmations')).map((c) => c.key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // Operations that move nothing carry no key.
    expect(server.calls.find((c) => c.path === contract.user.stepUp.path)?.key).toBeNull();
  });
});
