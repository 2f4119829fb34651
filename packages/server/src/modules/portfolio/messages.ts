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
} as const;
