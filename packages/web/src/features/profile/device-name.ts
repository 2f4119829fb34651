import type { TFunction } from 'i18next';

/**
 * A device session's name as a person reads it: the browser's user agent as sent, and a text in the user's
 * language for the clients that send none or a library's name (the CLI on Node, the demo signing itself in).
 */
export function deviceName(userAgent: string | null, t: TFunction<'translation', 'account'>): string {
  const agent = userAgent?.trim() ?? '';
  if (agent === '') return t('deviceUnknown');
  if (/lightMyRequest/i.test(agent)) return t('deviceServer');
  if (/^(tradedeck-cli|node|undici)\b/i.test(agent)) return t('deviceCli');
  return agent;
}
