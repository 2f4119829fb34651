import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InventoryTab } from '../src/features/steam-accounts/inventory/inventory-tab.tsx';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

describe('the Inventory tab in the palette', () => {
  it('offers its own command for the open account and leaves the list\'s "Refresh inventory" alone', async () => {
    const refreshed: unknown[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : (input as Request).url);
      if (url.pathname === '/api/steam-trading/inventory-refresh') {
        refreshed.push(JSON.parse(String(init?.body)));
        return envelope({ success: true, data: { batchId: 'b1', total: 1 }, error: null });
      }
      // The inventory itself is not what this is about: the tab shows its load error.
      return envelope(
        { success: false, data: null, error: { message: 'x', resultCode: 1, traceId: 't' } },
        500,
      );
    };
    const { commands } = renderWithServices(<InventoryTab accountId={5} />, fetchImpl);
    commands.context = { isSignedIn: () => true } as unknown as typeof commands.context;
    const own = commands.definition('steamAccounts.refreshOpenInventory')!;
    await waitFor(() => expect(commands.isAvailable(own)).toBe(true));

    // The list's command is the list's: with the list not mounted it has nothing to run, the tab does not take it.
    expect(commands.run('steamAccounts.refreshInventory')).toBe(false);
    expect(commands.run('steamAccounts.refreshOpenInventory')).toBe(true);
    await waitFor(() => expect(refreshed).toEqual([{ accountIds: [5] }]));
  });
});
