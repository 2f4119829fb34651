import { passwordCompositionProblems } from '@tradedeck/sdk/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MAX = 128;

export type PasswordProblem = 'required' | 'tooShort' | 'tooLong' | 'noUppercase' | 'noSymbol' | 'common';

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/**
 * The spec's composition rule, shared with the clients (at least 8 characters, an upper-case letter, a
 * non-alphanumeric character), plus a 128 character ceiling and a list of ~49,000 common passwords compared
 * case-insensitively. The composition rule is a documented deviation from ASVS 6.2.5 (docs/security.md). No
 * trimming or truncation happens anywhere.
 */
export function passwordProblems(password: string): PasswordProblem[] {
  if (password.length === 0) return ['required'];
  // Too long and too short never come together, so the ceiling can lead the list.
  const problems: PasswordProblem[] = [...password].length > PASSWORD_MAX ? ['tooLong'] : [];
  problems.push(...passwordCompositionProblems(password));
  if (isCommonPassword(password)) problems.push('common');
  return problems;
}

/** Matches the list with and without trailing digits and symbols ("Password1!" is "password"). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const core = lower.replace(/[^\p{L}\p{N}]+$/u, '');
  if (core !== lower && common.has(core)) return true;
  const stripped = core.replace(/\d+$/, '');
  return stripped.length >= 4 && stripped !== core && common.has(stripped);
}

export const passwordProblemText: Record<PasswordProblem, { ru: string; en: string }> = {
  required: { ru: 'Это поле обязательно', en: 'This field is required' },
  tooShort: { ru: 'Минимум 8 символов', en: 'Minimum 8 characters' },
  tooLong: { ru: 'Максимум 128 символов', en: 'Maximum 128 characters' },
  noUppercase: {
    ru: 'Пароль должен содержать хотя бы одну заглавную букву',
    en: 'The password needs at least one upper-case letter',
  },
  noSymbol: {
    ru: 'Пароль должен содержать хотя бы один символ, не являющийся буквой или цифрой',
    en: 'The password needs at least one character that is not a letter or digit',
  },
  common: {
    ru: 'Этот пароль слишком распространён, выберите другой',
    en: 'This password is too common; choose another one',
  },
};
