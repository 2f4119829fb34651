import type { TwoFactorChallenge } from '@tradedeck/sdk/client';
import { api, type TwoFactorInput, type TwoFactorPurpose } from '@tradedeck/sdk/contract';
import { Listeners } from '@tradedeck/sdk/store';
import { useSyncExternalStore } from 'react';
import { LazyTwoFactorDialog } from './two-factor-dialog-lazy.tsx';

const PURPOSE_BY_OPERATION: Readonly<Record<string, TwoFactorPurpose>> = {
  [api.user.changePassword.id]: 'changePassword',
  [api.user.changeEmail.id]: 'changeEmail',
  [api.user.setupAuthenticator.id]: 'setupAuthenticator',
  [api.user.setupEmailOtp.id]: 'setupEmailOtp',
  [api.user.regenerateRecoveryCodes.id]: 'regenerateRecoveryCodes',
};

/** What an e-mailed code for a challenge is for: a code of one purpose is refused for another. */
export function emailCodePurpose(challenge: TwoFactorChallenge): TwoFactorPurpose {
  if (challenge.stepUp) return 'stepUp';
  return PURPOSE_BY_OPERATION[challenge.operationId] ?? 'stepUp';
}

interface Pending {
  challenge: TwoFactorChallenge;
  resolve: (codes: TwoFactorInput | null) => void;
}

/**
 * Connects the API client's `onTwoFactorRequired` hook to the dialog: any call answered with 101 opens the
 * dialog, the codes go back into the same call, "Неверный код" shows after a failed attempt, cancel gives null.
 * Pass `prompt.ask` to `createApiClient({ onTwoFactorRequired })` and render `<TwoFactorPromptHost>` once.
 */
export class TwoFactorPrompt extends Listeners {
  #pending: Pending | null = null;

  /** `resend` mails a code for the open challenge (the dialog's "send again"); without it there is no button. */
  constructor(readonly resend?: (challenge: TwoFactorChallenge) => Promise<void>) {
    super();
  }

  readonly ask = (challenge: TwoFactorChallenge): Promise<TwoFactorInput | null> =>
    new Promise((resolve) => {
      this.#pending?.resolve(null);
      this.#pending = { challenge, resolve };
      this.#emit();
    });

  settle(codes: TwoFactorInput | null): void {
    const current = this.#pending;
    this.#pending = null;
    this.#emit();
    current?.resolve(codes);
  }

  readonly current = (): TwoFactorChallenge | null => this.#pending?.challenge ?? null;

  #emit(): void {
    this.notify();
  }
}

export function TwoFactorPromptHost({ prompt }: { prompt: TwoFactorPrompt }) {
  const challenge = useSyncExternalStore(prompt.subscribe, prompt.current);
  return (
    <LazyTwoFactorDialog
      open={Boolean(challenge)}
      requirements={challenge?.requirements ?? []}
      {...(challenge?.stepUp ? { purpose: challenge.stepUp } : {})}
      failed={challenge?.failed ?? []}
      onSubmit={(codes) => prompt.settle(codes)}
      onCancel={() => prompt.settle(null)}
      {...(prompt.resend && challenge?.requirements.includes('emailCode')
        ? { onResend: () => prompt.resend!(challenge) }
        : {})}
    />
  );
}
