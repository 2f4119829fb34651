/** Fewest characters (Unicode code points) a password may have. */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordCompositionProblem = 'tooShort' | 'noUppercase' | 'noSymbol';

/**
 * The product's composition rule: at least 8 characters, an upper-case letter and a character that is neither a
 * letter nor a digit. The server also caps the length and refuses common passwords (docs/security.md).
 */
export function passwordCompositionProblems(password: string): PasswordCompositionProblem[] {
  const problems: PasswordCompositionProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (!/\p{Lu}/u.test(password)) problems.push('noUppercase');
  if (!/[^\p{L}\p{N}]/u.test(password)) problems.push('noSymbol');
  return problems;
}
