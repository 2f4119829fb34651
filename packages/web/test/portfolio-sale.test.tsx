import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PortfolioSaleDialog, parseSalePercent } from '../src/features/portfolio/portfolio-sale-dialog.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data, error: null }), {
    headers: { 'content-type': 'application/json' },
  });

const ASSETS = [
  { accountId: 1, assetId: '101' },
  { accountId: 1, assetId: '102' },
  { accountId: 2, assetId: '201' },
];
const LABELS = new Map([
  ['1/101', 'AK-47 | Redline · alpha'],
  ['1/102', 'AWP | Asiimov · alpha'],
  ['2/201', 'M4A4 | Howl · beta'],
]);

/** A server whose `portfolio.saleLots` prices two lots and skips one, and whose `lots.addToSale` lists one of two. */
function server() {
  const calls: Array<{ path: string; body: unknown }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const path = new URL(String(input)).pathname;
    calls.push({ path, body: JSON.parse(String(init?.body ?? 'null')) });
    if (path === '/api/portfolio/sale-lots')
      return envelope({
        items: [
          {
            accountId: 1,
            assetId: '101',
            lotId: 11,
            price: { currency: 'RUB', amount: 9_500 },
            skipped: null,
            message: null,
          },
          {
            accountId: 1,
            assetId: '102',
            lotId: 12,
            price: { currency: 'RUB', amount: 47_500 },
            skipped: null,
            message: null,
          },
          {
            accountId: 2,
            assetId: '201',
            lotId: 21,
            price: null,
            skipped: 'not_in_inventory',
            message: 'Лот уже выставлен или недоступен',
          },
        ],
      });
    if (path === '/api/p2p/lots/add-to-sale')
      return envelope({
        listed: 1,
        failed: 1,
        items: [
          { id: 11, ok: true, itemId: '9001', resultCode: 0, message: 'OK', reason: null },
          {
            id: 12,
            ok: false,
            itemId: null,
            resultCode: 7,
            message: 'Маркет отклонил цену',
            reason: 'price',
          },
        ],
        message: 'Не все предметы выставлены',
      });
    return new Response('{}', { status: 404 });
  };
  return { calls, fetchImpl };
}

function controls() {
  const closed: unknown[] = [];
  const value: ModalControls = {
    id: 1,
    close: (result) => closed.push(result),
    dismiss: () => closed.push('dismissed'),
    openChild: () => Promise.reject(new Error('no child')),
  };
  return { value, closed };
}

describe('portfolio: list the picked assets on TM', () => {
  it('prices by the rule, shows each skipped asset with its reason, lists the ready ones and shows each outcome', async () => {
    const { calls, fetchImpl } = server();
    const modal = controls();
    renderWithServices(
      <PortfolioSaleDialog
        controls={modal.value}
        assets={ASSETS}
        labels={LABELS}
        source="steam"
        includeOutliers={false}
      />,
      fetchImpl,
    );
    const submit = screen.getByTestId('portfolio-sale-submit');
    expect(submit).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('Цена, % от цены «Steam»'), { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Рассчитать цены' }));
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-sale-counts').textContent).toBe(
        'Готовы к выставлению: 2 · пропущены: 1',
      ),
    );
    expect(calls.at(-1)).toEqual({
      path: '/api/portfolio/sale-lots',
      body: { assets: ASSETS, source: 'steam', includeOutliers: false, percent: 95 },
    });
    const rows = () =>
      within(screen.getByTestId('portfolio-sale-items'))
        .getAllByRole('listitem')
        .map((row) => [row.getAttribute('data-state'), row.textContent?.replace(/[\u00a0\u202f]/g, ' ')]);
    expect(rows()).toEqual([
      ['ready', 'AK-47 | Redline · alpha95,00 ₽'],
      ['ready', 'AWP | Asiimov · alpha475,00 ₽'],
      ['skipped', 'M4A4 | Howl · betaПропущен: Лот уже выставлен или недоступен'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Выставить (2)' }));
    await waitFor(() =>
      expect(screen.getByTestId('portfolio-sale-counts').textContent).toBe(
        'Выставлено: 1 · ошибки: 1 · пропущены: 1',
      ),
    );
    // Only the ready lots went to lots.addToSale, at the rule's prices.
    expect(calls.at(-1)).toEqual({
      path: '/api/p2p/lots/add-to-sale',
      body: {
        items: [
          { id: 11, price: { currency: 'RUB', amount: 9_500 } },
          { id: 12, price: { currency: 'RUB', amount: 47_500 } },
        ],
      },
    });
    expect(rows()).toEqual([
      ['listed', 'AK-47 | Redline · alphaВыставлен за 95,00 ₽'],
      ['failed', 'AWP | Asiimov · alphaНе выставлен: Маркет отклонил цену'],
      ['skipped', 'M4A4 | Howl · betaПропущен: Лот уже выставлен или недоступен'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(modal.closed).toEqual([1]);
  });

  it('asks for a whole percent from 1 to 1000 before pricing', () => {
    expect([parseSalePercent('95'), parseSalePercent(' 100 '), parseSalePercent('1000')]).toEqual([
      95, 100, 1000,
    ]);
    expect(['0', '1001', '9.5', '-5', '', 'abc'].map(parseSalePercent)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const { fetchImpl, calls } = server();
    renderWithServices(
      <PortfolioSaleDialog
        controls={controls().value}
        assets={ASSETS}
        labels={LABELS}
        source="tm"
        includeOutliers={false}
      />,
      fetchImpl,
    );
    fireEvent.change(screen.getByLabelText('Цена, % от цены «TM»'), { target: { value: '9.5' } });
    expect(screen.getByTestId('field-error').textContent).toBe('Введите целое число от 1 до 1000');
    expect(screen.getByRole('button', { name: 'Рассчитать цены' })).toHaveProperty('disabled', true);
    expect(calls).toEqual([]);
  });
});
