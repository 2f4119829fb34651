import { defineTexts } from '../../i18n/define-texts.ts';

/** Texts of the settings screen. */
export const settingsTexts = defineTexts(
  {
    navCommand: 'Настройки',
    title: 'Настройки',
    language: 'Язык',
    languageHint: 'Язык интерфейса и писем.',
    currencies: 'Валюты',
    displayedCurrency: 'Валюта отображения',
    tmPreferredCurrency: 'Предпочитаемая валюта на Market.CSGO (TM)',
    loadFailed: 'Ошибка получения настроек',
    updateFailed: 'Ошибка обновления настроек',
    languageSaveFailed: 'Не удалось сохранить язык в профиле',
  },
  {
    navCommand: 'Settings',
    title: 'Settings',
    language: 'Language',
    languageHint: 'The language of the interface and of e-mails.',
    currencies: 'Currencies',
    displayedCurrency: 'Displayed currency',
    tmPreferredCurrency: 'Preferred currency on Market.CSGO (TM)',
    loadFailed: 'Could not load the settings',
    updateFailed: 'Could not update the settings',
    languageSaveFailed: 'Could not save the language in your profile',
  },
);
