/** The product's messaging channel: news on the landing page, and support for banned accounts. */
export const MESSENGER_URL = import.meta.env.VITE_MESSENGER_URL ?? 'https://t.me/tradedeck';
