import { adminArea } from '../features/admin/area.ts';
import { authArea } from '../features/auth/area.ts';
import { confirmationsArea } from '../features/confirmations/area.ts';
import { dashboardArea } from '../features/dashboard/area.ts';
import { devTableArea } from '../features/dev-table/area.ts';
import { harvesterArea } from '../features/harvester/area.ts';
import { landingArea } from '../features/landing/area.ts';
import { ledgerArea } from '../features/ledger/area.ts';
import { lotsArea } from '../features/lots/area.ts';
import { notFoundArea } from '../features/not-found/area.ts';
import { p2pAccountsArea } from '../features/p2p-accounts/area.ts';
import { pacingArea } from '../features/pacing/area.ts';
import { portfolioArea } from '../features/portfolio/area.ts';
import { priceProfileArea } from '../features/price-profile/area.ts';
import { profileArea } from '../features/profile/area.ts';
import { proxiesArea } from '../features/proxies/area.ts';
import { salesHistoryArea } from '../features/sales-history/area.ts';
import { settingsArea } from '../features/settings/area.ts';
import { statusPagesArea } from '../features/status-pages/area.ts';
import { steamAccountsArea } from '../features/steam-accounts/area.ts';
import { transferArea } from '../features/transfer/area.ts';
import { workspacesArea } from '../features/workspaces/area.ts';
import type { AreaCommandId } from '../shared/area/define-area.ts';
import type { CommandDef } from '../shared/commands/command-types.ts';
import { shellCommands } from './shell-commands.ts';

/**
 * Every area of the app (`features/<area>/area.ts`), in the order of the navigation: the router, the palette, the
 * hotkeys and the texts are composed from this list.
 */
export const areas = [
  dashboardArea,
  steamAccountsArea,
  proxiesArea,
  portfolioArea,
  p2pAccountsArea,
  lotsArea,
  salesHistoryArea,
  ledgerArea,
  priceProfileArea,
  harvesterArea,
  confirmationsArea,
  pacingArea,
  settingsArea,
  workspacesArea,
  adminArea,
  transferArea,
  authArea,
  profileArea,
  landingArea,
  notFoundArea,
  statusPagesArea,
  devTableArea,
] as const;

/** Every command of the app: the palette, the hotkeys and the cheat sheet are generated from this list. */
export const commandDefinitions: readonly CommandDef[] = [
  ...shellCommands,
  ...areas.flatMap((area) => area.commands),
];

type AppCommandId = (typeof shellCommands)[number]['id'] | AreaCommandId<(typeof areas)[number]>;
type AppCommandSets = { [A in (typeof areas)[number] as A['name']]: A['sets'] };

declare module '../shared/commands/command-ids.ts' {
  interface CommandRegistry {
    id: AppCommandId;
    sets: AppCommandSets;
  }
}
