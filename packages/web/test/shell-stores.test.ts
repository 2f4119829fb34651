import { SEARCH_CACHE_KEEP_ON_CLOSE, SEARCH_CACHE_MAX } from '@tradedeck/sdk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appearanceCookies, readAppearance, resolvedTheme } from '../src/shared/appearance/appearance.ts';
import { SearchCache } from '../src/shared/palette/search-cache.ts';
import { formatSort, parseSort, readTableState } from '../src/shared/table/table-url-state.ts';
import { ToastStore, toastText } from '../src/shared/toasts/toast-store.ts';

afterEach(() => vi.useRealTimers());

describe('search cache', () => {
  it('keeps at most 20 queries and the 10 newest on close', () => {
    const cache = new SearchCache<number>();
    for (let i = 0; i < 25; i++) cache.set(`q${i}`, i);
    expect(cache.size).toBe(SEARCH_CACHE_MAX);
    expect(cache.get('q0')).toBeUndefined();
    expect(cache.get('q5')).toBe(5); // a hit counts as recent use
    cache.onClose();
    expect(cache.size).toBe(SEARCH_CACHE_KEEP_ON_CLOSE);
    expect(cache.keys()).toContain('q5');
    expect(cache.keys()).toContain('q24');
    expect(cache.keys()).not.toContain('q6');
  });
});

describe('toasts', () => {
  it('prefixes errors with 🚨 and closes after 3 s, or 5 s for long ones', () => {
    vi.useFakeTimers();
    const store = new ToastStore();
    store.show({ kind: 'error', text: 'Ошибка обновления настроек' });
    store.show({ kind: 'warning', text: 'Ваша сессия истекла. Пожалуйста, войдите снова.', long: true });
    expect(store.toasts.map((t) => t.text)).toEqual([
      '🚨 Ошибка обновления настроек',
      'Ваша сессия истекла. Пожалуйста, войдите снова.',
    ]);
    vi.advanceTimersByTime(3000);
    expect(store.toasts).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    expect(store.toasts).toHaveLength(0);
    expect(toastText('info', 'x')).toBe('x');
  });
});

describe('appearance cookies', () => {
  it('round-trips and lasts 30 days', () => {
    const cookies = appearanceCookies({
      theme: 'dark',
      width: 'boxed',
      skin: 'bordered',
      sidebarCollapsed: true,
      direction: 'rtl',
    });
    expect(cookies.every((c) => c.includes(`Max-Age=${30 * 24 * 3600}`))).toBe(true);
    const header = cookies.map((c) => c.split(';')[0]).join('; ');
    expect(readAppearance(header)).toEqual({
      theme: 'dark',
      width: 'boxed',
      skin: 'bordered',
      sidebarCollapsed: true,
      direction: 'rtl',
    });
    expect(readAppearance('td_theme=purple; td_dir=sideways')).toMatchObject({
      theme: 'system',
      width: 'fluid',
      skin: 'default',
      direction: 'ltr',
    });
    expect(resolvedTheme('system', true)).toBe('dark');
    expect(resolvedTheme('light', true)).toBe('light');
  });
});

describe('table URL state', () => {
  it('reads page, size, sort and filters, refusing sizes outside 10/25/50/100', () => {
    const state = readTableState(new URLSearchParams('page=3&size=25&sort=login.desc,id.asc&q=abc&x=1'), [
      'q',
      'status',
    ]);
    expect(state).toEqual({
      page: 3,
      pageSize: 25,
      sort: [
        { propertyName: 'login', isDescending: true },
        { propertyName: 'id', isDescending: false },
      ],
      filters: { q: 'abc' },
    });
    expect(readTableState(new URLSearchParams('size=1000&page=-2'), []).pageSize).toBe(50);
    expect(readTableState(new URLSearchParams('page=-2'), []).page).toBe(1);
    expect(formatSort(parseSort('a.asc,bad,b.desc'))).toBe('a.asc,b.desc');
  });
});

describe('error toasts', () => {
  it('show the catalogue text of a failed call, and nothing for a cancelled prompt', async () => {
    const { ApiError, TwoFactorCancelledError } = await import('@tradedeck/sdk/client');
    const { notifyError } = await import('../src/shared/toasts/notify-error.ts');
    const { createI18n } = await import('./helpers/texts.ts');
    const toasts = new ToastStore();
    const services = { toasts, i18n: createI18n('ru') };
    notifyError(
      services,
      new ApiError('x.y', 400, {
        message: '',
        resultCode: 10,
        errorDetails: { fields: { port: ['Порт должен быть числом от 1 до 65535'] } },
        traceId: 't',
      }),
    );
    notifyError(
      services,
      new ApiError('x.y', 409, {
        message: 'Уже существует',
        resultCode: 5,
        errorDetails: null,
        traceId: 't',
      }),
    );
    notifyError(services, new TwoFactorCancelledError('x.y'));
    expect(toasts.toasts.map((t) => t.text)).toEqual([
      '🚨 Порт должен быть числом от 1 до 65535',
      '🚨 Уже существует (5)',
    ]);
  });
});
