import {
  type AccountLineError,
  type AddMode,
  type AddRow,
  lineFailureMessages,
  mafileFailureMessages,
} from '@tradedeck/sdk/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../shared/app-services.tsx';
import { notifyError } from '../../../shared/toasts/notify-error.ts';
import { useLanguage } from '../../../shared/use-language.ts';
import { LABEL, PRIMARY_BUTTON } from '../ui.ts';
import { extractOnServer } from './extract-upload.ts';
import { pickWinAuthExports } from './winauth-upload.ts';
import {
  applyAccountLines,
  type InvalidFile,
  invalidFilesMessage,
  type MafileNotes,
  rowsFromExtraction,
  splitUploads,
} from './wizard-logic.ts';

interface StepProps {
  rows: AddRow[];
  onRows(rows: AddRow[]): void;
}

/** Step 1: maFiles by drag and drop or the picker; .zip archives and an SDA manifest go along. */
export function MafileStep({
  mode,
  rows,
  onRows,
  onNotes,
}: StepProps & { mode: AddMode; onNotes(notes: MafileNotes): void }) {
  const { t } = useTranslation();
  const services = useServices();
  const language = useLanguage();
  const picker = useRef<HTMLInputElement>(null);
  const passkeyHintId = useId();
  const [tryExtractProxy, setTryExtractProxy] = useState(true);
  const [passkey, setPasskey] = useState('');
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);
  const [invalid, setInvalid] = useState<InvalidFile[]>([]);
  const [loaded, setLoaded] = useState<number | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const split = splitUploads(files);
    // Files that are no maFile, archive or manifest by name may still be WinAuth exports.
    const named = new Set(split.rejected);
    const winauth = await pickWinAuthExports(files.filter((file) => named.has(file.name)));
    const accepted = [...split.accepted, ...winauth.exports];
    const refused: InvalidFile[] = winauth.others.map(({ name: fileName }) => ({
      fileName,
      message: mafileFailureMessages[language].wrongExtension,
    }));
    setInvalid(refused);
    setLoaded(null);
    if (accepted.length === 0) return;
    setBusy(true);
    try {
      const answer = await extractOnServer(services.client, accepted, { tryExtractProxy, passkey });
      const result = rowsFromExtraction(rowsRef.current, answer, { mode, tryExtractProxy, language });
      onRows(result.rows);
      onNotes(result.notes);
      setInvalid([...refused, ...result.invalid]);
      setLoaded(result.loaded);
    } catch (error) {
      notifyError(services, error);
    } finally {
      setBusy(false);
    }
  };

  const message = invalidFilesMessage(invalid, language);
  return (
    <div className="space-y-3">
      <section
        aria-label={t('steamAccounts.wizard.dropzone')}
        data-testid="mafile-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          void upload([...event.dataTransfer.files]);
        }}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${
          over ? 'border-primary bg-primary/5' : 'border-slate-300 dark:border-slate-600'
        }`}
      >
        <p className="font-medium">
          {busy ? t('steamAccounts.wizard.reading') : t('steamAccounts.wizard.dropzone')}
        </p>
        <p className="text-xs text-muted">{t('steamAccounts.wizard.accepted')}</p>
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => picker.current?.click()}>
          {t('steamAccounts.wizard.pick')}
        </button>
        <input
          ref={picker}
          type="file"
          multiple={mode !== 'single'}
          accept=".mafile,.maFile,.MAFILE,.zip,.json,.txt"
          className="sr-only"
          data-testid="mafile-input"
          aria-label={t('steamAccounts.wizard.pick')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            void upload(files);
          }}
        />
      </section>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={tryExtractProxy}
            onChange={(event) => setTryExtractProxy(event.target.checked)}
            className="h-4 w-4 accent-primary"
          />
          {t('steamAccounts.wizard.tryExtractProxy')}
        </label>
        <label className="flex flex-col gap-1">
          <span className={LABEL}>{t('steamAccounts.wizard.passkey')}</span>
          <input
            type="password"
            autoComplete="off"
            className="input w-64"
            aria-describedby={passkeyHintId}
            value={passkey}
            onChange={(event) => setPasskey(event.target.value)}
          />
          <span id={passkeyHintId} className="text-xs text-muted">
            {t('steamAccounts.wizard.passkeyHint')}
          </span>
        </label>
      </div>
      {loaded !== null && loaded > 0 && (
        <p role="status" className="text-emerald-700 dark:text-emerald-300">
          {t('steamAccounts.wizard.loaded', { count: loaded })}
        </p>
      )}
      {message && (
        <div
          role="alert"
          data-testid="invalid-mafiles"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {/* The spec's line stays short (three lines, all of it in the tooltip); the list below scrolls. */}
          <p
            className="line-clamp-3 font-medium wrap-anywhere"
            title={message}
            data-testid="invalid-mafiles-line"
          >
            {message}
          </p>
          <ul className="mt-1 max-h-40 list-disc overflow-y-auto ps-5 text-xs">
            {invalid.map((item) => (
              <li
                key={`${item.fileName}:${item.message}`}
                className="wrap-anywhere"
                data-testid="invalid-mafile"
              >
                <span className="font-mono">{item.fileName}</span>: {item.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The typed lines of step 2 as the wizard keeps them: they outlive the step, so going back shows them. */
export interface LinesDraft {
  text: string;
  ignoreRowsWithoutMafile: boolean;
  /** The text last merged into the rows (null: nothing yet). */
  applied: string | null;
  errors: AccountLineError[];
}

export const EMPTY_LINES: LinesDraft = {
  text: '',
  ignoreRowsWithoutMafile: false,
  applied: null,
  errors: [],
};

/** The draft's lines are typed but not merged into the rows yet. */
export function linesPending(draft: LinesDraft): boolean {
  return draft.text.trim() !== '' && draft.text !== draft.applied;
}

/** Merges the draft's text into the rows; answers the rows and the draft with its line errors. */
export function applyLinesDraft(rows: readonly AddRow[], draft: LinesDraft, text = draft.text) {
  const result = applyAccountLines(rows, text, { ignoreRowsWithoutMafile: draft.ignoreRowsWithoutMafile });
  return { rows: result.rows, draft: { ...draft, text, applied: text, errors: result.errors } };
}

/** Step 2: login:password[:proxy] lines typed or loaded from a text file, merged into the rows by login. */
export function TextStep({
  rows,
  onRows,
  draft,
  onDraft,
  refusedNext,
}: StepProps & { draft: LinesDraft; onDraft(draft: LinesDraft): void; refusedNext: boolean }) {
  const { t } = useTranslation();
  const services = useServices();
  const language = useLanguage();
  const textId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const { text, errors } = draft;

  const apply = (content: string) => {
    const next = applyLinesDraft(rows, draft, content);
    onRows(next.rows);
    onDraft(next.draft);
  };

  return (
    <div className="space-y-3">
      <label htmlFor={textId} className={LABEL}>
        {t('steamAccounts.wizard.lines')}
      </label>
      <textarea
        id={textId}
        data-testid="account-lines"
        rows={6}
        spellCheck={false}
        autoComplete="off"
        placeholder={t('steamAccounts.wizard.linesPlaceholder')}
        value={text}
        onChange={(event) => onDraft({ ...draft, text: event.target.value })}
        className="input w-full font-mono text-xs"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={text.trim() === ''}
          onClick={() => apply(text)}
        >
          {t('steamAccounts.wizard.applyLines')}
        </button>
        <button type="button" className="btn-ghost" onClick={() => picker.current?.click()}>
          {t('steamAccounts.wizard.loadText')}
        </button>
        <input
          ref={picker}
          type="file"
          accept=".txt,text/plain"
          className="sr-only"
          data-testid="lines-input"
          aria-label={t('steamAccounts.wizard.loadText')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            file.text().then(
              (content) => apply(content),
              () => services.toasts.show({ kind: 'error', text: t('steamAccounts.wizard.readFailed') }),
            );
          }}
        />
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={draft.ignoreRowsWithoutMafile}
            onChange={(event) => onDraft({ ...draft, ignoreRowsWithoutMafile: event.target.checked })}
            className="h-4 w-4 accent-primary"
          />
          {t('steamAccounts.wizard.ignoreWithoutMafile')}
        </label>
      </div>
      {refusedNext && (
        <p role="alert" data-testid="lines-refused" className="text-sm text-amber-800 dark:text-amber-200">
          {t('steamAccounts.wizard.linesHaveErrors')}
        </p>
      )}
      {errors.length > 0 && (
        <ul
          role="alert"
          data-testid="line-errors"
          className="list-disc rounded-md border border-amber-300 bg-amber-50 py-2 pe-3 ps-8 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
        >
          {errors.map((error) => (
            <li key={error.line}>
              {t('steamAccounts.wizard.lineError', {
                line: error.line,
                login: error.login ? ` (${error.login})` : '',
                reason: lineFailureMessages[language][error.reason],
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
