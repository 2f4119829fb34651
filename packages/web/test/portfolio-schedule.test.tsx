/**
 * The portfolio's "read inventories every N h / off" control: it shows the workspace's period, the owner changes it
 * (a period or off, over `steamTrading.setRefreshSchedule`), other members see it disabled with the reason, and a
 * period set elsewhere is offered as it is.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { WorkspaceRole } from '@tradedeck/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { RefreshScheduleControl } from '../src/features/portfolio/refresh-schedule-control.tsx';
import { WORKSPACE_STORAGE_KEY } from '../src/shared/workspace/active-workspace.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), {
    headers: { 'content-type': 'application/json' },
  });

/** A server where the user has `role` in the active team workspace, whose period is `hours`. */
function renderAs(role: WorkspaceRole, hours: number | null, language: 'ru' | 'en' = 'en') {
  localStorage.setItem(WORKSPACE_STORAGE_KEY, 'team-1');
  const items = [
    { id: 'me', name: 'Personal', kind: 'personal', role: 'owner', scopeTags: null },
    { id: 'team-1', name: 'Farm', kind: 'team', role, scopeTags: null },
  ];
  const saved: unknown[] = [];
  let period = hours;
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    if (path === '/api/workspaces') return envelope({ items });
    if (path === '/api/steam-trading/refresh-schedule') {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { hours: number | null };
        saved.push(body);
        period = body.hours;
      }
      return envelope({ hours: period });
    }
    return envelope(null);
  };
  renderWithServices(<RefreshScheduleControl />, fetchImpl, language);
  return { saved, select: () => screen.getByTestId('portfolio-schedule') as HTMLSelectElement };
}

describe('the portfolio refresh schedule control', () => {
  it('shows the period and lets the owner set another or turn it off', async () => {
    const { saved, select } = renderAs('owner', 6);
    await waitFor(() => expect(select().value).toBe('6'));
    expect(screen.getByLabelText('Read inventories every')).toBe(select());
    expect(select().disabled).toBe(false);
    fireEvent.change(select(), { target: { value: '12' } });
    await waitFor(() => expect(saved).toEqual([{ hours: 12 }]));
    await waitFor(() => expect(select().value).toBe('12'));
    fireEvent.change(select(), { target: { value: 'off' } });
    await waitFor(() => expect(saved).toEqual([{ hours: 12 }, { hours: null }]));
    await waitFor(() => expect(select().selectedOptions[0]?.textContent).toBe('off'));
  });

  it('is read-only for an operator and a viewer, with the reason', async () => {
    const reasons = {
      operator: 'Only the owner of the workspace can do this',
      viewer: 'A viewer cannot take actions',
    };
    for (const role of ['operator', 'viewer'] as const) {
      const { saved, select } = renderAs(role, 24);
      await waitFor(() => expect(select().disabled).toBe(true));
      expect(select().value).toBe('24');
      expect(select().closest('[title]')?.getAttribute('title')).toBe(reasons[role]);
      fireEvent.change(select(), { target: { value: '1' } });
      expect(saved).toEqual([]);
      cleanup();
    }
  });

  it('speaks Russian and offers a period set elsewhere', async () => {
    const { select } = renderAs('owner', 5, 'ru');
    await waitFor(() => expect(select().value).toBe('5'));
    expect(screen.getByLabelText('Читать инвентари каждые')).toBe(select());
    expect([...select().options].map((option) => option.textContent)).toEqual([
      '1 ч',
      '2 ч',
      '3 ч',
      '5 ч',
      '6 ч',
      '12 ч',
      '24 ч',
      '48 ч',
      '72 ч',
      '168 ч',
      'выключено',
    ]);
  });
});
