import type { OperationClass } from '@tradedeck/sdk/contract';
import type { TextKey } from '../../i18n/text-key.ts';
import type { Theme } from '../appearance/appearance.ts';

/**
 * Where a command's hotkeys are live: the panel, a focused list, an open dialog, or an area's screen (the
 * area's name, live while its screen is mounted).
 */
export type CommandScope = 'global' | 'table' | 'dialog' | (string & {});

export type CommandGroup = 'navigation' | 'general' | 'appearance' | 'table' | 'dialog';

/** What commands can do to the app; provided by the shell at run time. */
export interface CommandContext {
  navigate(path: string): void;
  openPalette(page?: string): void;
  openCheatSheet(): void;
  setTheme(theme: Theme): void;
  toggleSidebar(): void;
  toggleWidth(): void;
  toggleSkin(): void;
  setLanguage(language: 'ru' | 'en'): void;
  logout(): void;
  isSignedIn(): boolean;
  /** A command the role may not take was asked for (its hotkey, say): tells why instead of running it. */
  refused?(reason: string): void;
}

/**
 * One action of the app. Hotkeys are strokes (`mod+k`, `shift+j`, `?`) or sequences of two strokes separated by
 * a space (`g d`). `page` makes the command open a nested palette page of its children (`parent` = this id).
 */
export interface CommandDef {
  id: string;
  titleKey: TextKey;
  /** Extra words to match, in English so Russian users typing "settings" still find things. */
  keywords?: readonly string[];
  group: CommandGroup;
  scope: CommandScope;
  hotkeys?: readonly string[];
  /** Listed in the palette (row movement keys are not). */
  palette?: boolean;
  /** A nested palette page: children name this id as `parent`. */
  page?: boolean;
  parent?: string;
  enabled?(ctx: CommandContext): boolean;
  /**
   * What the command does to the workspace's data, as the operation it calls (none: it only reads):
   * a role that may not take it sees it disabled in the palette with the reason, and its hotkey tells the reason.
   */
  needs?: OperationClass;
  /** Default action; commands of a mounted view (the table) get their handler from the view instead. */
  run?(ctx: CommandContext): void;
}
