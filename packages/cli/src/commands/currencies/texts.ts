import { defineTexts } from '../../texts/registry.ts';

/** Texts of `tradedeck settings` and `tradedeck rates`. */
export const currenciesTexts = defineTexts('currencies', {
  en: {
    settingsDescription: 'show or change the account currencies: displayed and TM preferred (RUB, EUR, USD)',
    settingsGetDescription: 'print the account currencies',
    settingsSetDescription: 'save a currency: settings set displayed EUR, settings set tm USD',
    settingsBadField: 'Unknown currency setting "{field}": use displayed or tm',
    settingsBadCurrency: 'Currency must be RUB, EUR or USD, got "{value}"',
    settingsDefault: '(default of the language until you choose)',
    ratesDescription: 'show the conversion rates amounts are shown with, and their age',
    ratesHeader: 'Rates: {source}, fetched {age} s ago{stale}',
  },
  ru: {
    settingsDescription:
      'показать или изменить валюты аккаунта: отображения и предпочитаемую на TM (RUB, EUR, USD)',
    settingsGetDescription: 'показать валюты аккаунта',
    settingsSetDescription: 'сохранить валюту: settings set displayed EUR, settings set tm USD',
    settingsBadField: 'Неизвестная настройка валюты "{field}": укажите displayed или tm',
    settingsBadCurrency: 'Валюта должна быть RUB, EUR или USD, а не "{value}"',
    settingsDefault: '(по умолчанию для языка, пока вы не выбрали)',
    ratesDescription: 'показать курсы, по которым пересчитываются суммы, и их возраст',
    ratesHeader: 'Курсы: {source}, получены {age} с назад{stale}',
  },
});
