import type { Resources } from './ru.ts';

export const en: Resources = {
  app: { name: 'Tradedeck' },
  language: { label: 'Language', ru: 'Русский', en: 'English' },
  landing: {
    badge: 'BETA LIVE',
    title: 'Trade Steam Items',
    subtitle: 'Like a Pro',
    lead: 'Hundreds of Steam accounts, thousands of proxies, marketplace sales and item transfers — in one panel and in your terminal.',
    cta: 'START TRADING',
    features: {
      safe: 'Safe Trading',
      prices: 'Best Prices',
      instant: 'Instant Deals',
      items: 'Steam Items',
    },
    messenger: 'Our Telegram channel',
  },
  notFound: {
    title: 'Page not found',
    description: 'There is no such page. The link may be outdated or the address mistyped.',
    back: 'Back to home',
  },
};
