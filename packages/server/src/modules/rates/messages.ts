import type { Language } from '@tradedeck/sdk/i18n';

type Texts = Record<Language, string>;

/** Texts of the rates area. */
export const ratesMessages = {
  unavailable: {
    ru: 'Курсы валют пока недоступны, суммы показаны в их собственной валюте',
    en: 'Exchange rates are not available yet; amounts are shown in their own currency',
  } as Texts,
};
