/** The portfolio's texts, `{ ru, en }`. */
export const portfolioMessages = {
  holdingNotFound: {
    en: 'No holding of this account has that asset id.',
    ru: 'У этого аккаунта нет предмета с таким asset id.',
  },
  valueRangeReversed: {
    en: 'The lowest value must not be above the highest.',
    ru: 'Нижняя граница стоимости не может быть больше верхней.',
  },
} as const;
