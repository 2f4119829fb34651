import { describe, expect, it } from 'vitest';
import { createI18n } from './helpers/texts.ts';

describe('Russian plurals', () => {
  it('picks the one/few/many forms', () => {
    const i18n = createI18n('ru');
    const forms = [1, 2, 5, 11, 21, 22, 25, 101, 112].map((count) =>
      i18n.t('dashboard.count.accounts', { count }),
    );
    expect(forms).toEqual([
      '1 аккаунт',
      '2 аккаунта',
      '5 аккаунтов',
      '11 аккаунтов',
      '21 аккаунт',
      '22 аккаунта',
      '25 аккаунтов',
      '101 аккаунт',
      '112 аккаунтов',
    ]);
  });

  it('uses one/other in English', () => {
    const i18n = createI18n('en');
    expect(i18n.t('dashboard.count.accounts', { count: 1 })).toBe('1 account');
    expect(i18n.t('dashboard.count.accounts', { count: 5 })).toBe('5 accounts');
    expect(i18n.t('table.selected', { count: 2 })).toBe('2 rows selected');
  });
});
