import { SETTINGS_COOKIE_DAYS } from '@tradedeck/sdk/domain';

export type Theme = 'light' | 'dark' | 'system';
type ContentWidth = 'fluid' | 'boxed';
export type Skin = 'default' | 'bordered';
/** Reading direction of the panel: right-to-left lays everything out mirrored. */
export type Direction = 'ltr' | 'rtl';

export interface Appearance {
  theme: Theme;
  width: ContentWidth;
  skin: Skin;
  sidebarCollapsed: boolean;
  direction: Direction;
}

const DEFAULT_APPEARANCE: Appearance = {
  theme: 'system',
  width: 'fluid',
  skin: 'default',
  sidebarCollapsed: false,
  direction: 'ltr',
};

const COOKIE = {
  theme: 'td_theme',
  width: 'td_width',
  skin: 'td_skin',
  sidebarCollapsed: 'td_sidebar',
  direction: 'td_dir',
} as const;

/** Reads the appearance cookies; unknown values fall back to the defaults. */
export function readAppearance(cookieHeader: string): Appearance {
  const cookies = new Map(
    cookieHeader
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length === 2)
      .map(([k, v]) => [k, decodeURIComponent(v)]),
  );
  const theme = cookies.get(COOKIE.theme);
  const width = cookies.get(COOKIE.width);
  const skin = cookies.get(COOKIE.skin);
  return {
    theme: theme === 'light' || theme === 'dark' || theme === 'system' ? theme : DEFAULT_APPEARANCE.theme,
    width: width === 'boxed' || width === 'fluid' ? width : DEFAULT_APPEARANCE.width,
    skin: skin === 'bordered' || skin === 'default' ? skin : DEFAULT_APPEARANCE.skin,
    sidebarCollapsed: cookies.get(COOKIE.sidebarCollapsed) === '1',
    direction: cookies.get(COOKIE.direction) === 'rtl' ? 'rtl' : DEFAULT_APPEARANCE.direction,
  };
}

/** Cookie strings that keep the appearance for 30 days (docs/web.md "Appearance"). */
export function appearanceCookies(appearance: Appearance): string[] {
  const maxAge = SETTINGS_COOKIE_DAYS * 24 * 60 * 60;
  const tail = `; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
  return [
    `${COOKIE.theme}=${appearance.theme}${tail}`,
    `${COOKIE.width}=${appearance.width}${tail}`,
    `${COOKIE.skin}=${appearance.skin}${tail}`,
    `${COOKIE.sidebarCollapsed}=${appearance.sidebarCollapsed ? '1' : '0'}${tail}`,
    `${COOKIE.direction}=${appearance.direction}${tail}`,
  ];
}

/** The theme actually shown: "system" follows the operating system. */
export function resolvedTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}
