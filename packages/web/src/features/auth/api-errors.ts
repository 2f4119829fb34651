import { ApiError, describeError } from '@tradedeck/sdk/client';
import type { TwoFactorRequirement } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';

interface Failure {
  message: string;
  code: number | null;
  fields: Record<string, string[]>;
  requirements: TwoFactorRequirement[];
  failed: TwoFactorRequirement[];
  status: string | null;
}

/** Reads a failed call into what a form shows: message, field errors, two-factor state, account state. */
export function readFailure(error: unknown, lang: Language): Failure {
  const details = error instanceof ApiError ? (error.errorDetails ?? {}) : {};
  const list = (value: unknown) => (Array.isArray(value) ? (value as TwoFactorRequirement[]) : []);
  return {
    message: describeError(error, lang),
    code: error instanceof ApiError ? error.resultCode : null,
    fields: (details.fields as Record<string, string[]> | undefined) ?? {},
    requirements: list(details.requirements),
    failed: list(details.failed),
    status: typeof details.status === 'string' ? details.status : null,
  };
}
