import { defineTexts } from '../../i18n/define-texts.ts';

/** The landing page's texts: a module of their own, so the landing page loads them without the panel's. */
export const landingTexts = defineTexts(
  {
    badge: 'BETA LIVE',
    title: 'Торгуйте предметами Steam',
    subtitle: 'Как профи',
    lead: 'Аккаунты Steam с их мафайлами и инвентарём, прокси с проверками и тегами, P2P-аккаунты на TM, которые сами отдают проданное, харвестер, который перемещает предметы между вашими аккаунтами, лоты с переоценкой по вашим правилам, история продаж и переводы баланса между аккаунтами — в одной панели и в терминале.',
    cta: 'НАЧАТЬ ТОРГОВЛЮ',
    features: {
      safe: 'Безопасные сделки',
      prices: 'Лучшие цены',
      instant: 'Мгновенные сделки',
      items: 'Предметы Steam',
    },
    messenger: 'Наш канал в Telegram',
  },
  {
    badge: 'BETA LIVE',
    title: 'Trade Steam Items',
    subtitle: 'Like a Pro',
    lead: 'Steam accounts with their maFiles and inventories, proxies with live checks and tags, P2P seller accounts on TM that deliver what sells, a harvester that moves items between your accounts, lots repriced by your rules, sales history and balance transfers between your accounts — in one panel and in your terminal.',
    cta: 'START TRADING',
    features: {
      safe: 'Safe Trading',
      prices: 'Best Prices',
      instant: 'Instant Deals',
      items: 'Steam Items',
    },
    messenger: 'Our Telegram channel',
  },
);
