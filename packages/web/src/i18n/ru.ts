/** Russian resources: the default language. The spec's Russian texts are used verbatim. */
export const ru = {
  app: { name: 'Tradedeck' },
  language: { label: 'Язык', ru: 'Русский', en: 'English' },
  landing: {
    badge: 'BETA LIVE',
    title: 'Торгуйте предметами Steam',
    subtitle: 'Как профи',
    lead: 'Сотни аккаунтов Steam, тысячи прокси, продажи на маркетплейсах и перенос предметов — в одной панели и в терминале.',
    cta: 'НАЧАТЬ ТОРГОВЛЮ',
    features: {
      safe: 'Безопасные сделки',
      prices: 'Лучшие цены',
      instant: 'Мгновенные сделки',
      items: 'Предметы Steam',
    },
    messenger: 'Наш канал в Telegram',
  },
  notFound: {
    title: 'Страница не найдена',
    description: 'Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка.',
    back: 'На главную',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof ru>;
