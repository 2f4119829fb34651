/** The portfolio's texts, `{ ru, en }`. */
export const portfolioMessages = {
  holdingNotFound: {
    en: 'No holding of this account has that asset id.',
    ru: 'У этого аккаунта нет предмета с таким asset id.',
  },
  accountsNotFound: {
    en: 'Some of the chosen accounts were not found.',
    ru: 'Некоторые из выбранных аккаунтов не найдены.',
  },
  tagsNotFound: {
    en: 'Some of the chosen tags were not found.',
    ru: 'Некоторые из выбранных тегов не найдены.',
  },
  valueRangeReversed: {
    en: 'The lowest value must not be above the highest.',
    ru: 'Нижняя граница стоимости не может быть больше верхней.',
  },
  saleSkipped: {
    no_lot: {
      en: 'No TM seller account of this account has the item: add the account to TM or sync its lots.',
      ru: 'Ни один аккаунт продавца TM этого аккаунта не видит предмет: добавьте аккаунт в TM или синхронизируйте лоты.',
    },
    not_in_inventory: {
      en: 'The item is already on sale or held on TM.',
      ru: 'Предмет уже выставлен или удерживается на TM.',
    },
    no_price: {
      en: 'The chosen source has no price for the item in the lot currency.',
      ru: 'У выбранного источника нет цены предмета в валюте лота.',
    },
  },
} as const;
