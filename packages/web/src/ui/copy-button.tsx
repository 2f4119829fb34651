import { useState } from 'react';

interface CopyButtonProps {
  /** What goes on the clipboard. */
  value: string;
  /** The button's name for assistive technology ("Copy the result"). */
  label: string;
  texts: { copy: string; copied: string; failed: string; manual: string };
}

/**
 * Copies a value to the clipboard. The clipboard may be missing (plain http) or refused (permissions): then the
 * value shows in a selected read-only field under "Clipboard access failed", so it can be copied by hand.
 */
export function CopyButton({ value, label, texts }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="rounded-md border border-line px-2 py-0.5 text-xs"
        aria-label={label}
        onClick={() => void copy()}
      >
        {texts.copy}
      </button>
      {state === 'copied' && (
        <span role="status" className="text-xs text-emerald-700 dark:text-emerald-400">
          {texts.copied}
        </span>
      )}
      {state === 'failed' && (
        <span role="alert" className="flex w-full flex-col gap-1 text-xs text-rose-700 dark:text-rose-400">
          {texts.failed}
          <input
            readOnly
            aria-label={texts.manual}
            value={value}
            className="rounded border border-line bg-transparent px-1 py-0.5 font-mono text-slate-900 dark:text-slate-100"
            ref={(input) => input?.select()}
          />
        </span>
      )}
    </span>
  );
}
