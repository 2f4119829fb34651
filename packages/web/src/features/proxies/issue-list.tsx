import { useTranslation } from 'react-i18next';

/** How many issues a list shows before "and N more": long lists stay readable and cheap to render. */
const SHOWN = 100;

interface IssueItem {
  line: number;
  text: string;
  detail: string;
}

/** Lines that did not become proxies, each with its number, text and reason. Nothing when empty. */
export function IssueList({
  title,
  items,
  tone,
  testId,
}: {
  title: string;
  items: readonly IssueItem[];
  tone: 'error' | 'warning';
  testId: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const color = tone === 'error' ? 'text-rose-700 dark:text-rose-300' : 'text-amber-800 dark:text-amber-300';
  return (
    <details open={tone === 'error'} data-testid={testId}>
      <summary className={`cursor-pointer font-semibold ${color}`}>{title}</summary>
      <ol className="mt-1 max-h-48 space-y-1 overflow-y-auto text-xs">
        {items.slice(0, SHOWN).map((item) => (
          <li
            key={`${item.line}:${item.text}`}
            className="grid grid-cols-[5.5rem_1fr] gap-2"
            data-line={item.line}
          >
            <span className="text-muted">{t('proxies.add.lineNumber', { line: item.line })}</span>
            <span className="min-w-0">
              <code className="break-all">{item.text}</code>
              <span className={`block ${color}`}>{item.detail}</span>
            </span>
          </li>
        ))}
        {items.length > SHOWN && (
          <li className="text-muted">{t('proxies.add.more', { count: items.length - SHOWN })}</li>
        )}
      </ol>
    </details>
  );
}
