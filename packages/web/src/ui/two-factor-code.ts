import type { TwoFactorInput, TwoFactorRequirement } from '@tradedeck/sdk/contract';

/** Spec rule for recovery codes: upper-case, letters and digits only, 10 characters, hyphen after the fifth. */
export function formatRecoveryCode(input: string): string {
  const clean = input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10);
  return clean.length > 5 ? `${clean.slice(0, 5)}-${clean.slice(5)}` : clean;
}

/** Spec rule for codes: exactly 6 digits. */
export const isSixDigits = (value: string) => /^\d{6}$/.test(value);

export const isRecoveryCode = (value: string) => /^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(value);

/** One code asked for and no recovery code offered: the single-factor (solo) dialog. */
export const isSoloChallenge = (requirements: readonly TwoFactorRequirement[]) =>
  requirements.length === 1 && requirements[0] !== 'recoveryCode';

/**
 * What to send for the values typed into the dialog, given what the server asked for: the spec's verification
 * payload, `recoveryCode` (or null) and `codes` with the authenticator and e-mail codes.
 */
export function twoFactorPayload(
  requirements: TwoFactorRequirement[],
  values: { totp: string; emailCode: string; recoveryCode: string },
  useRecovery: boolean,
): TwoFactorInput {
  if (useRecovery) return { recoveryCode: values.recoveryCode, codes: {} };
  return {
    recoveryCode: null,
    codes: {
      ...(requirements.includes('totp') && values.totp ? { totp: values.totp } : {}),
      ...(requirements.includes('emailCode') && values.emailCode ? { emailCode: values.emailCode } : {}),
    },
  };
}
