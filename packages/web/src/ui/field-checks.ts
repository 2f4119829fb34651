import { passwordCompositionProblems } from '@tradedeck/sdk/domain';
import type { TFunction } from 'i18next';

type AuthT = TFunction<'translation', 'auth'>;

const PROBLEM_TEXT = { tooShort: 'minLength', noUppercase: 'upper', noSymbol: 'symbol' } as const;

/** Client-side checks with the spec's messages (sign-in and profile forms); the server checks the same and more. */
export function passwordErrors(t: AuthT, value: string): string[] {
  if (!value) return [t('required')];
  return passwordCompositionProblems(value).map((problem) => t(PROBLEM_TEXT[problem]));
}

export function emailErrors(t: AuthT, value: string): string[] {
  if (!value.trim()) return [t('required')];
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? [] : [t('badEmail')];
}
