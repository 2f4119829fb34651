/**
 * The one role gate of the panel's action buttons: by the role in the active workspace (from `workspace.listMine`)
 * and the class the action needs, as the server's operation classes decide.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { WorkspaceRole } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ActButton } from '../src/shared/workspace/act-gate.tsx';
import { WORKSPACE_STORAGE_KEY } from '../src/shared/workspace/active-workspace.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The panel in a team workspace where the user has `role`, with an act button and a secrets one. */
function renderAs(role: WorkspaceRole, language: 'ru' | 'en' = 'en') {
  localStorage.setItem(WORKSPACE_STORAGE_KEY, 'team-1');
  const items = [
    { id: 'me', name: 'Personal', kind: 'personal', role: 'owner', scopeTags: null },
    { id: 'team-1', name: 'Farm', kind: 'team', role, scopeTags: null },
  ];
  let asked = 0;
  const fetchImpl: typeof fetch = async (input) => {
    asked += 1;
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    const data = path === '/api/workspaces' ? { items } : null;
    return new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const services = renderWithServices(
    <>
      <ActButton title="Adds proxies">Add</ActButton>
      <ActButton needs="secrets">Export</ActButton>
      <ActButton disabled>Busy</ActButton>
    </>,
    fetchImpl,
    language,
  );
  return {
    add: () => screen.getByText('Add'),
    exportButton: () => screen.getByText('Export'),
    /** Resolves once the workspaces are read: the owner's buttons look the same before. */
    loaded: () => waitFor(() => expect(asked > 0 && services.queryClient.isFetching() === 0).toBe(true)),
  };
}

describe('the action buttons by role', () => {
  it('a viewer: every action disabled, the reason as the title', async () => {
    const { add, exportButton } = renderAs('viewer');
    await waitFor(() => expect(add()).toHaveProperty('disabled', true));
    expect(add().title).toBe('A viewer cannot take actions');
    expect(exportButton()).toHaveProperty('disabled', true);
    expect(exportButton().title).toBe('A viewer cannot take actions');
  });

  it('the reason in Russian', async () => {
    const { add } = renderAs('viewer', 'ru');
    await waitFor(() => expect(add().title).toBe('Наблюдатель не может выполнять действия'));
  });

  it('an operator: actions enabled with their own title, a secret shown only to the owner', async () => {
    const { add, exportButton } = renderAs('operator');
    await waitFor(() => expect(exportButton()).toHaveProperty('disabled', true));
    expect(exportButton().title).toBe('Only the owner of the workspace can do this');
    expect(add()).toHaveProperty('disabled', false);
    expect(add().title).toBe('Adds proxies');
  });

  it('the owner: everything enabled, and a button disabled for its own reason stays disabled', async () => {
    const { add, exportButton, loaded } = renderAs('owner');
    await loaded();
    expect(add()).toHaveProperty('disabled', false);
    expect(exportButton()).toHaveProperty('disabled', false);
    expect(screen.getByText('Busy')).toHaveProperty('disabled', true);
  });
});
