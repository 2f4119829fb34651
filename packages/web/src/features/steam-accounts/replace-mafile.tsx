import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError, SessionExpiredError, TwoFactorCancelledError } from '@tradedeck/sdk/client';
import { api, type SteamAccountRow } from '@tradedeck/sdk/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { invalidateArea } from '../../shared/queries/operation-query.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { checkReplacementMafile, type ReplacementCheck } from './replacement-mafile.ts';
import { LABEL, PRIMARY_BUTTON } from './ui.ts';

/**
 * The view dialog's "Replace maFile": a file input read by the maFile reader, its refusal under the field (also
 * the server's), and the replacement through `steamAccounts.updateCredentials` (a secret is replaced, so the shell
 * asks for the second factor when the session needs it). Proxy, tags and password stay.
 */
export function ReplaceMafile({ row }: { row: SteamAccountRow }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { client, toasts } = useServices();
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [check, setCheck] = useState<ReplacementCheck | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const replace = useMutation({
    mutationFn: (mafile: string) => client.steamAccounts.updateCredentials({ id: row.id, mafile }),
    onSuccess: () => {
      toasts.show({ kind: 'success', text: t('steamAccounts.view.mafileReplaced') });
      setCheck(null);
      if (input.current) input.current.value = '';
      void invalidateArea(queryClient, api.steamAccounts);
    },
    onError: (error) => {
      if (error instanceof TwoFactorCancelledError || error instanceof SessionExpiredError) return;
      setServerError(describeError(error, language));
    },
  });

  const pick = async (file: File | undefined) => {
    setServerError(null);
    setCheck(file ? checkReplacementMafile(file.name, await file.text(), row, language) : null);
  };
  const problem = check && !check.ok ? check.problem : null;
  const message = serverError
    ? serverError
    : problem?.kind === 'reader'
      ? problem.message
      : problem?.kind === 'namesNoAccount'
        ? t('steamAccounts.view.mafileNamesNoAccount')
        : problem?.kind === 'otherAccount'
          ? t('steamAccounts.view.mafileOtherAccount', { file: problem.file, account: problem.account })
          : null;

  return (
    <section className="space-y-1.5">
      <h3 className={LABEL}>{t('steamAccounts.view.mafile')}</h3>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (check?.ok && !replace.isPending) replace.mutate(check.text);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('steamAccounts.view.mafileFile')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".mafile,.maFile,application/json"
          className="min-w-0 flex-1 text-sm"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => void pick(event.target.files?.[0])}
        />
        <ActButton type="submit" className={PRIMARY_BUTTON} disabled={!check?.ok || replace.isPending}>
          {t('steamAccounts.view.mafileReplace')}
        </ActButton>
      </form>
      {message ? (
        <p id={errorId} role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {message}
        </p>
      ) : (
        <p className="text-xs text-muted">{t('steamAccounts.view.mafileHint')}</p>
      )}
    </section>
  );
}
