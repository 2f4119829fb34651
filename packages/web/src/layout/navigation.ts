import type { TextKey } from '../i18n/text-key.ts';
import type { IconName } from './icons.tsx';

export interface NavItem {
  to: string;
  labelKey: TextKey;
  icon: IconName;
  /** The command whose hotkey goes there (shown as a hint). */
  commandId: string;
  permission: { action: string; subject: string };
}

interface NavSection {
  titleKey: TextKey;
  /** A collapsible group inside the section (the P2P seller). */
  groupKey?: TextKey;
  items: NavItem[];
}

/** The sidebar (docs/web.md "Layout of the code"). */
export const NAV_SECTIONS: NavSection[] = [
  {
    titleKey: 'nav.sections.main',
    items: [
      item('/panel/dashboard', 'nav.dashboard', 'dashboard', 'nav.dashboard', 'Dashboard'),
      item('/panel/steam-accounts', 'nav.steamAccounts', 'steam', 'nav.steamAccounts', 'SteamAccount'),
      item('/panel/proxy', 'nav.proxies', 'proxy', 'nav.proxies', 'Proxy'),
      item('/panel/portfolio', 'nav.portfolio', 'orders', 'nav.portfolio', 'Portfolio'),
    ],
  },
  {
    titleKey: 'nav.sections.trading',
    groupKey: 'nav.p2pSeller',
    items: [
      item('/panel/accounts', 'nav.p2pAccounts', 'users', 'nav.p2pAccounts', 'P2PAccount'),
      item('/panel/lots', 'nav.lots', 'orders', 'nav.lots', 'P2PLot'),
      item('/panel/sales-history', 'nav.salesHistory', 'history', 'nav.salesHistory', 'P2PSale'),
      item('/panel/ledger', 'nav.ledger', 'ledger', 'nav.ledger', 'Ledger'),
      item('/panel/price-profile', 'nav.priceProfile', 'price', 'nav.priceProfile', 'PriceProfile'),
    ],
  },
  {
    titleKey: 'nav.sections.tools',
    items: [
      item('/panel/harvester', 'nav.harvester', 'harvester', 'nav.harvester', 'Harvester'),
      item('/panel/confirmations', 'nav.confirmations', 'confirmations', 'nav.confirmations', 'Confirmation'),
      item('/panel/pacing', 'nav.pacing', 'pacing', 'nav.pacing', 'Pacing'),
    ],
  },
];

function item(to: string, labelKey: TextKey, icon: IconName, commandId: string, subject: string): NavItem {
  return { to, labelKey, icon, commandId, permission: { action: 'read', subject } };
}

/**
 * The permission check of navigation items and groups. There is no permission system yet, so everything is
 * allowed; the call sites are in place for when roles arrive.
 */
export function can(_action: string, _subject: string): boolean {
  return true;
}
