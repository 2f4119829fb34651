import type { TwoFactorInput, TwoFactorRequirement } from '@tradedeck/sdk/contract';
import { useState } from 'react';

/** State of the second-factor step of a form: open with the server's requirements, then the failed fields. */
export function useTwoFactorStep() {
  const [requirements, setRequirements] = useState<TwoFactorRequirement[] | null>(null);
  const [failed, setFailed] = useState<TwoFactorRequirement[]>([]);
  const [codes, setCodes] = useState<TwoFactorInput | null>(null);
  return {
    open: requirements !== null,
    requirements: requirements ?? [],
    failed,
    codes,
    /** After a 101 answer: show the dialog (again) with what failed. */
    ask(next: TwoFactorRequirement[], nextFailed: TwoFactorRequirement[]) {
      setRequirements(next);
      setFailed(nextFailed);
    },
    answer(value: TwoFactorInput) {
      setCodes(value);
    },
    close() {
      setRequirements(null);
      setFailed([]);
      setCodes(null);
    },
  };
}
