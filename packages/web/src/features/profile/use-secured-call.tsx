import { ApiError } from '@tradedeck/sdk/client';
import type { TwoFactorInput, TwoFactorPurpose, TwoFactorRequirement } from '@tradedeck/sdk/contract';
import { useRef, useState } from 'react';
import { LazyTwoFactorDialog } from '../../ui/two-factor-dialog-lazy.tsx';
import { useProfileClient } from './profile-deps.tsx';

/**
 * Runs a security change that may need a second factor: a 101 answer opens the dialog, the codes go back into
 * the same call, e-mail codes can be (re)sent for the purpose. Resolves with the call's answer.
 */
export function useSecuredCall(purpose: TwoFactorPurpose) {
  const client = useProfileClient();
  const [requirements, setRequirements] = useState<TwoFactorRequirement[] | null>(null);
  const [failed, setFailed] = useState<TwoFactorRequirement[]>([]);
  const pending = useRef<{
    call: (codes?: TwoFactorInput) => Promise<unknown>;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  } | null>(null);

  const attempt = async (codes?: TwoFactorInput) => {
    const current = pending.current;
    if (!current) return;
    try {
      const answer = await current.call(codes);
      setRequirements(null);
      pending.current = null;
      current.resolve(answer);
    } catch (error) {
      if (error instanceof ApiError && error.resultCode === 101) {
        const details = error.errorDetails ?? {};
        setRequirements((details.requirements as TwoFactorRequirement[]) ?? []);
        setFailed((details.failed as TwoFactorRequirement[]) ?? []);
        return;
      }
      setRequirements(null);
      pending.current = null;
      current.reject(error);
    }
  };

  function run<T>(call: (codes?: TwoFactorInput) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      pending.current = { call, resolve: resolve as (v: unknown) => void, reject };
      void attempt();
    });
  }

  const dialog = (
    <LazyTwoFactorDialog
      open={requirements !== null}
      requirements={requirements ?? []}
      failed={failed}
      onSubmit={(codes) => void attempt(codes)}
      onCancel={() => {
        setRequirements(null);
        pending.current?.reject(new Error('cancelled'));
        pending.current = null;
      }}
      onResend={async () => {
        await client.user.requestTwoFactor({ purpose });
      }}
    />
  );
  return { run, dialog };
}
