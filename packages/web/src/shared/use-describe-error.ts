import { describeError } from '@tradedeck/sdk/client';
import { useLanguage } from './use-language.ts';

/** The text of a failed call in the interface language (the sdk's catalogue display rules). */
export function useDescribeError(): (error: unknown) => string {
  const language = useLanguage();
  return (error) => describeError(error, language);
}
