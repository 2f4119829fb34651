/** Texts of the thresholds validation and of the repricing reasons, in both languages. */
import type { Language } from '../../i18n/messages.ts';
import type { RepricingReason } from './types.ts';

export type ThresholdIssueCode =
  | 'required'
  | 'not_numeric'
  | 'negative'
  | 'too_precise'
  | 'min_above_max'
  | 'difference_too_small';

export const thresholdIssueMessages: Readonly<
  Record<ThresholdIssueCode, Readonly<Record<Language, string>>>
> = {
  required: { ru: 'Это поле обязательно', en: 'This field is required' },
  not_numeric: { ru: 'Введите число', en: 'Enter a number' },
  negative: { ru: 'Цена не может быть отрицательной', en: 'The price cannot be negative' },
  too_precise: {
    ru: 'Слишком много знаков после запятой для этой валюты',
    en: 'Too many digits after the point for this currency',
  },
  min_above_max: {
    ru: 'Минимальная цена не может быть больше максимальной',
    en: 'The minimum price cannot be greater than the maximum',
  },
  difference_too_small: {
    ru: 'Разница между минимальной и максимальной ценой должна быть не меньше 0.01',
    en: 'The maximum must be at least 0.01 above the minimum',
  },
};

export type ThresholdGroupOutcome = 'all' | 'partial' | 'failed';

/**
 * Group outcomes (docs/product-trading.md §8): `{applied}` and `{total}` are filled in by
 * `thresholdGroupMessage`.
 */
export const thresholdGroupMessages: Readonly<
  Record<ThresholdGroupOutcome, Readonly<Record<Language, string>>>
> = {
  all: { ru: 'Пороги применены ко всем лотам группы', en: 'Thresholds applied to every lot of the group' },
  partial: {
    ru: 'Пороги применены к {applied} из {total} лотов группы',
    en: 'Thresholds applied to {applied} of {total} lots of the group',
  },
  failed: { ru: 'Не удалось применить пороги', en: 'Failed to apply thresholds' },
};

export const repricingReasonMessages: Readonly<Record<Language, Readonly<Record<RepricingReason, string>>>> =
  {
    en: {
      repriced: 'New price set',
      no_change: 'The price is already right',
      out_of_range: 'The market price is outside the lot’s thresholds',
      not_on_sale: 'The lot is not on sale',
      cooldown: 'The price was changed less than a minute ago',
      no_thresholds: 'The lot has no min and max price',
      no_market_data: 'No market data for the item',
      stale_market_data: 'The market data is out of date',
      reference_missing: 'No reference price for the item',
      reference_stale: 'The reference price is out of date',
      reference_outlier: 'The reference price is more than 3 times off the other markets’ prices',
      currency_mismatch: 'The prices are in different currencies',
      invalid_amount: 'A price of the lot is negative or not a whole number of units',
      invalid_thresholds: 'The lot’s min price is above its max price',
      invalid_strategy: 'The price strategy settings are invalid',
      write_failed: 'The market refused the new price',
    },
    ru: {
      repriced: 'Установлена новая цена',
      no_change: 'Цена уже верная',
      out_of_range: 'Рыночная цена вне порогов лота',
      not_on_sale: 'Лот не выставлен на продажу',
      cooldown: 'Цена менялась меньше минуты назад',
      no_thresholds: 'У лота не заданы минимальная и максимальная цена',
      no_market_data: 'Нет данных рынка по предмету',
      stale_market_data: 'Данные рынка устарели',
      reference_missing: 'Нет опорной цены предмета',
      reference_stale: 'Опорная цена устарела',
      reference_outlier: 'Опорная цена отличается от цен других рынков больше чем в 3 раза',
      currency_mismatch: 'Цены в разных валютах',
      invalid_amount: 'Цена лота отрицательная или не в целых единицах',
      invalid_thresholds: 'Минимальная цена лота больше максимальной',
      invalid_strategy: 'Неверные настройки стратегии цены',
      write_failed: 'Рынок отклонил новую цену',
    },
  };
