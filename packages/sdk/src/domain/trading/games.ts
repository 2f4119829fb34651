/**
 * The games whose inventories Tradedeck reads and trades, with the Steam app and context that hold them
 * (notes §6). CS2 items under Trade Protection sit in the private context 16 until protection ends (notes §14).
 */
import { z } from 'zod';

export const TRADE_GAME_KEYS = ['cs2', 'dota2', 'tf2', 'rust', 'community'] as const;
export const tradeGameSchema = z.enum(TRADE_GAME_KEYS);
export type TradeGame = z.infer<typeof tradeGameSchema>;

export interface TradeGameInfo {
  key: TradeGame;
  appId: number;
  contextId: string;
  name: string;
  /** The private context where received items wait out Trade Protection, when the game has one. */
  protectedContextId: string | null;
}

/** CS2's Trade Protection context (readable only with the owner's own session). */
export const TRADE_PROTECTED_CONTEXT_ID = '16';

export const TRADE_GAMES: Readonly<Record<TradeGame, TradeGameInfo>> = {
  cs2: { key: 'cs2', appId: 730, contextId: '2', name: 'Counter-Strike 2', protectedContextId: '16' },
  dota2: { key: 'dota2', appId: 570, contextId: '2', name: 'Dota 2', protectedContextId: null },
  tf2: { key: 'tf2', appId: 440, contextId: '2', name: 'Team Fortress 2', protectedContextId: null },
  rust: { key: 'rust', appId: 252490, contextId: '2', name: 'Rust', protectedContextId: null },
  community: { key: 'community', appId: 753, contextId: '6', name: 'Steam', protectedContextId: null },
};

/** The game of an app id, or null for an app Tradedeck does not trade. */
export function tradeGameOfApp(appId: number): TradeGame | null {
  for (const info of Object.values(TRADE_GAMES)) if (info.appId === appId) return info.key;
  return null;
}
