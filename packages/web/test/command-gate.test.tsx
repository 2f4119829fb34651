/**
 * The palette's commands and their hotkeys pass the same role gate as the buttons: a command that needs what the
 * role in the active workspace may not do is offered disabled with the reason, and asked for (its hotkey) it runs
 * nothing and tells the reason.
 */
import { cleanup, waitFor } from '@testing-library/react';
import type { WorkspaceRole } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useCommandHandlers } from '../src/shared/area/use-command-handlers.ts';
import { useCommandGate } from '../src/shared/workspace/act-gate.tsx';
import { WORKSPACE_STORAGE_KEY } from '../src/shared/workspace/active-workspace.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ran: string[] = [];

/** The proxies screen's commands, as the screen supplies them, under the shell's gate. */
function ProxiesScreen() {
  useCommandGate();
  const handle = (name: string) => () => ran.push(name);
  useCommandHandlers('proxies', 'screen', {
    add: handle('add'),
    view: handle('view'),
    check: handle('check'),
    checkAll: handle('checkAll'),
    export: handle('export'),
    remove: handle('remove'),
    addTag: handle('addTag'),
    removeTag: handle('removeTag'),
    search: handle('search'),
    refresh: handle('refresh'),
  });
  return <p>proxies</p>;
}

function renderAs(role: WorkspaceRole, language: 'ru' | 'en' = 'en') {
  localStorage.setItem(WORKSPACE_STORAGE_KEY, 'team-1');
  const items = [
    { id: 'me', name: 'Personal', kind: 'personal', role: 'owner', scopeTags: null },
    { id: 'team-1', name: 'Farm', kind: 'team', role, scopeTags: null },
  ];
  const fetchImpl: typeof fetch = async (input) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    const data = path === '/api/workspaces' ? { items } : null;
    return new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const services = renderWithServices(<ProxiesScreen />, fetchImpl, language);
  const told: string[] = [];
  services.commands.context = {
    isSignedIn: () => true,
    refused: (reason: string) => told.push(reason),
  } as unknown as typeof services.commands.context;
  const refusal = (id: string) => services.commands.refusal(services.commands.definition(id)!);
  return { services, told, refusal };
}

describe('commands by role', () => {
  it('a viewer: acting commands refused with the reason, reading ones run', async () => {
    ran.length = 0;
    const { services, told, refusal } = renderAs('viewer');
    await waitFor(() => expect(refusal('proxies.add')).toBe('A viewer cannot take actions'));
    expect(refusal('proxies.export')).toBe('A viewer cannot take actions');
    expect(refusal('proxies.search')).toBeUndefined();
    // The hotkey's way in: taken (the key goes no further), nothing runs, the reason is told.
    expect(services.commands.run('proxies.remove')).toBe(true);
    expect(services.commands.run('proxies.refresh')).toBe(true);
    expect(ran).toEqual(['refresh']);
    expect(told).toEqual(['A viewer cannot take actions']);
  });

  it('an operator: acts, but what needs secrets is the owner’s', async () => {
    ran.length = 0;
    const { services, told, refusal } = renderAs('operator', 'ru');
    await waitFor(() => expect(refusal('proxies.export')).toBe('Это может только владелец пространства'));
    expect(refusal('proxies.check')).toBeUndefined();
    expect(services.commands.run('proxies.check')).toBe(true);
    expect(services.commands.run('proxies.export')).toBe(true);
    expect(ran).toEqual(['check']);
    expect(told).toEqual(['Это может только владелец пространства']);
  });

  it('the owner: every command runs', async () => {
    ran.length = 0;
    const { services, told, refusal } = renderAs('owner');
    await waitFor(() => expect(services.queryClient.isFetching()).toBe(0));
    expect(refusal('proxies.export')).toBeUndefined();
    expect(services.commands.run('proxies.export')).toBe(true);
    expect(ran).toEqual(['export']);
    expect(told).toEqual([]);
  });
});
