import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { workspacesTexts } from './texts.ts';

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the workspace pages' texts, checked against their Russian table. */
export type WorkspaceTextKey = Paths<typeof workspacesTexts.ru>;
export type WorkspaceText = (key: WorkspaceTextKey, options?: Record<string, unknown>) => string;

/**
 * The texts of the workspace pages, keyed within their own table: the app-wide key union is at the size where the
 * compiler gives up on it, so these keys are checked here instead of in it.
 */
export function useWorkspaceTexts(): WorkspaceText {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  // Stable while the language is: pages memoise their columns on it.
  return useCallback((key, options) => translate(`workspaces.${key}`, options), [translate]);
}
