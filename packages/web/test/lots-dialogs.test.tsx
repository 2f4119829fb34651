import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type Money,
  type PriceStrategy,
  type TradingProfile,
  thresholdGroupResult,
} from '@tradedeck/sdk/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { RepriceDialog } from '../src/features/lots/reprice-dialog.tsx';
import { countOutcomes, type RepriceLine, type RepriceMode } from '../src/features/lots/reprice-report.ts';
import { parsePercent, strategyOf } from '../src/features/lots/strategy-form.ts';
import { ThresholdsDialog } from '../src/features/lots/thresholds-dialog.tsx';
import type { ModalControls } from '../src/shared/modals/modal-stack.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const noServer: typeof fetch = async () => {
  throw new Error('no server in this test');
};

function recordingControls() {
  const closed: unknown[] = [];
  let dismissed = 0;
  const controls: ModalControls = {
    id: 1,
    close: (result) => closed.push(result),
    dismiss: () => {
      dismissed += 1;
    },
    openChild: () => Promise.reject(new Error('no child')),
  };
  return { controls, closed, dismissed: () => dismissed };
}

const rub = (amount: number): Money => ({ currency: 'RUB', amount });

describe('thresholds dialog', () => {
  /** The server's group outcome for the per-lot answers, worded as the sdk words it. */
  function open(perLot: readonly { ok: boolean }[], group = true) {
    const calls: Array<[string, string]> = [];
    const { controls, closed } = recordingControls();
    renderWithServices(
      <ThresholdsDialog
        controls={controls}
        target={{ title: 'Пороги', currency: 'RUB', group, min: rub(1000), max: rub(2000) }}
        apply={async (min, max) => {
          calls.push([min, max]);
          const result = thresholdGroupResult(perLot);
          return { outcome: result.outcome, message: result.ru };
        }}
      />,
      noServer,
    );
    const min = screen.getByLabelText('Минимальная цена');
    const max = screen.getByLabelText('Максимальная цена');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    return { calls, closed, min, max, submit };
  }

  it('starts from the lot’s thresholds and shows each rule of the spec under its field', async () => {
    const { min, max, submit, calls } = open([{ ok: true }]);
    expect(min).toHaveProperty('value', '10.00');
    expect(max).toHaveProperty('value', '20.00');
    const errors = () => screen.queryAllByTestId('field-error').map((node) => node.textContent);

    fireEvent.change(min, { target: { value: 'abc' } });
    fireEvent.change(max, { target: { value: '-5' } });
    submit();
    expect(errors()).toEqual(['Введите число', 'Цена не может быть отрицательной']);

    fireEvent.change(min, { target: { value: '30' } });
    fireEvent.change(max, { target: { value: '20' } });
    expect(errors()).toEqual(['Минимальная цена не может быть больше максимальной']);
    expect(min.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(min, { target: { value: '20' } });
    fireEvent.change(max, { target: { value: '20' } });
    expect(errors()).toEqual(['Разница между минимальной и максимальной ценой должна быть не меньше 0.01']);

    fireEvent.change(max, { target: { value: '' } });
    expect(errors()).toEqual(['Это поле обязательно']);
    submit();
    expect(calls).toEqual([]);
  });

  it('shows a field’s issue only after it was left', () => {
    const { max } = open([{ ok: true }]);
    fireEvent.change(max, { target: { value: 'x' } });
    expect(screen.queryByTestId('field-error')).toBeNull();
    fireEvent.blur(max);
    expect(screen.getByTestId('field-error').textContent).toBe('Введите число');
  });

  it('applies valid thresholds as money and closes when every lot of the group took them', async () => {
    const { min, max, submit, calls, closed } = open([{ ok: true }, { ok: true }]);
    fireEvent.change(min, { target: { value: '10,5' } });
    fireEvent.change(max, { target: { value: '10.51' } });
    submit();
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(calls).toEqual([['10,5', '10.51']]);
    expect(closed[0]).toMatchObject({ outcome: 'all' });
  });

  it('stays open with the spec’s partial and failed group outcomes', async () => {
    const partial = open([{ ok: true }, { ok: false }, { ok: true }]);
    partial.submit();
    const outcome = await screen.findByTestId('thresholds-outcome');
    expect(outcome.getAttribute('data-outcome')).toBe('partial');
    expect(outcome.textContent).toBe('Пороги применены к 2 из 3 лотов группы');
    expect(partial.closed).toEqual([]);
    cleanup();

    const failed = open([{ ok: false }]);
    failed.submit();
    expect((await screen.findByTestId('thresholds-outcome')).textContent).toBe('Не удалось применить пороги');
  });
});

describe('reprice strategy settings', () => {
  it('reads percentages into basis points and refuses what is not one', () => {
    expect(parsePercent('97,5 %')).toBe(9750);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('0.01')).toBe(1);
    expect(parsePercent('')).toBe('percentRequired');
    expect(parsePercent('-1')).toBe('percentNegative');
    expect(parsePercent('1.005')).toBe('percentTooPrecise');
    expect(parsePercent('ten')).toBe('percentNotNumeric');
  });

  it('builds each of the five strategies with the chosen profile', () => {
    const base = { low: '95', high: '105', pick: 'median', profile: 'conservative' } as const;
    const build = (kind: PriceStrategy['kind'], low: string = base.low, high: string = base.high) =>
      strategyOf({ ...base, kind, low, high }, 'USD', 'en');
    expect(build('percentOfCustomPrice')).toEqual({
      ok: true,
      strategy: { kind: 'percentOfCustomPrice', lowBp: 9500, highBp: 10_500 },
      profile: 'conservative',
    });
    expect(build('percentOfProviderPrice')).toMatchObject({ strategy: { lowBp: 9500, highBp: 10_500 } });
    expect(build('percentOfThresholds')).toMatchObject({ strategy: { kind: 'percentOfThresholds' } });
    expect(build('singlePrice')).toMatchObject({ strategy: { kind: 'singlePrice', pick: 'median' } });
    expect(build('fixedRange', '1.5', '2')).toMatchObject({
      strategy: {
        kind: 'fixedRange',
        low: { currency: 'USD', amount: 1500 },
        high: { currency: 'USD', amount: 2000 },
      },
    });
    expect(build('fixedRange', '2', '1')).toEqual({
      ok: false,
      issues: { low: { text: 'The minimum price cannot be greater than the maximum' } },
    });
    expect(build('percentOfThresholds', '110', '90')).toEqual({
      ok: false,
      issues: { low: { key: 'percentOrder' } },
    });
  });
});

describe('reprice dialog', () => {
  const lines: RepriceLine[] = [
    {
      id: '1',
      name: 'AK-47 | Redline',
      account: 'seller_a',
      price: rub(1500),
      newPrice: rub(1399),
      outcome: 'changed',
      message: 'Установлена новая цена',
    },
    {
      id: '2',
      name: 'AK-47 | Redline',
      account: 'seller_b',
      price: rub(1500),
      newPrice: null,
      outcome: 'unchanged',
      message: 'Рыночная цена вне порогов лота',
    },
    {
      id: '3',
      name: 'AK-47 | Redline',
      account: 'seller_c',
      price: rub(1500),
      newPrice: null,
      outcome: 'unavailable',
      message: 'Данные рынка устарели',
    },
  ];

  function open(applyLines: RepriceLine[] = lines) {
    const runs: Array<{ mode: RepriceMode; strategy: PriceStrategy; profile: TradingProfile }> = [];
    const { controls, closed } = recordingControls();
    renderWithServices(
      <RepriceDialog
        controls={controls}
        title="Переоценка группы"
        count={3}
        currency="RUB"
        run={async (mode, strategy, profile) => {
          runs.push({ mode, strategy, profile });
          const shown = mode === 'preview' ? lines : applyLines;
          return { counts: countOutcomes(shown), lines: shown, truncated: false };
        }}
      />,
      noServer,
    );
    return { runs, closed };
  }

  it('offers the five strategies and the three profiles', () => {
    open();
    const strategy = screen.getByLabelText('Стратегия');
    expect(
      within(strategy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Фиксированный диапазон',
      'Процент от своей цены',
      'Процент от цены провайдера',
      'Процент от текущих порогов',
      'Одна цена',
    ]);
    expect(within(screen.getByLabelText('Профиль')).getAllByRole('option')).toHaveLength(3);
    fireEvent.change(strategy, { target: { value: 'singlePrice' } });
    expect(within(screen.getByLabelText('Какая цена рынка')).getAllByRole('option')).toHaveLength(3);
  });

  it('previews before it applies, and applies exactly the previewed settings', async () => {
    const { runs, closed } = open([{ ...lines[0]! }]);
    const apply = screen.getByRole('button', { name: 'Применить' });
    expect(apply).toHaveProperty('disabled', true);

    fireEvent.change(screen.getByLabelText('От, %'), { target: { value: '90' } });
    fireEvent.change(screen.getByLabelText('До, %'), { target: { value: '110' } });
    fireEvent.change(screen.getByLabelText('Профиль'), { target: { value: 'aggressive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));

    expect((await screen.findByTestId('reprice-counts')).textContent).toBe(
      'Изменятся: 1 · без изменений: 1 · недоступны: 1 · ошибки: 0',
    );
    const shown = screen.getAllByTestId('reprice-line');
    expect(shown.map((row) => row.getAttribute('data-outcome'))).toEqual([
      'changed',
      'unavailable',
      'unchanged',
    ]);
    expect(within(shown[0]!).getByTestId('reprice-new-price').textContent).toMatch(/^13,99\s₽$/);
    expect(shown[1]!.textContent).toContain('Данные рынка устарели');
    expect(runs).toEqual([
      {
        mode: 'preview',
        strategy: { kind: 'percentOfThresholds', lowBp: 9000, highBp: 11_000 },
        profile: 'aggressive',
      },
    ]);

    // A change after the preview disables apply until the preview is run again.
    fireEvent.change(screen.getByLabelText('До, %'), { target: { value: '120' } });
    expect(screen.getByTestId('preview-stale')).toBeTruthy();
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('До, %'), { target: { value: '110' } });
    expect(apply).toHaveProperty('disabled', false);

    fireEvent.click(apply);
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(runs[1]).toEqual({ ...runs[0], mode: 'apply' });
  });

  it('shows a percentage error instead of previewing', () => {
    const { runs } = open();
    fireEvent.change(screen.getByLabelText('От, %'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    expect(screen.getByTestId('field-error').textContent).toBe('Процент не может быть отрицательным');
    expect(runs).toEqual([]);
  });

  it('stays open on an apply with failures and says so', async () => {
    const failed: RepriceLine = {
      ...lines[0]!,
      outcome: 'failed',
      message: 'Рынок отклонил новую цену',
      newPrice: null,
    };
    const { closed } = open([failed, lines[1]!]);
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    await screen.findByTestId('reprice-counts');
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect((await screen.findByTestId('reprice-applied')).textContent).toBe(
      'Переоценено: 0 · без изменений: 1 · недоступны: 0 · ошибки: 1',
    );
    expect(screen.getByText('Часть лотов переоценить не удалось')).toBeTruthy();
    expect(screen.getByText('Рынок отклонил новую цену')).toBeTruthy();
    expect(closed).toEqual([]);
  });
});
