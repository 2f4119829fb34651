import { type ProxyProtocol, parseProxyList } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';

interface PreviewIssue {
  line: number;
  text: string;
  /** The reason in the user's language, or the line it repeats. */
  message: string;
}

interface AddPreview {
  /** Proxies the list would add (before the server compares them with the stored ones). */
  ready: number;
  invalid: PreviewIssue[];
  duplicates: Array<{ line: number; text: string; firstLine: number }>;
  /** Nothing but blank lines and comments. */
  empty: boolean;
}

/**
 * The add dialog's preview: the list read by the same parser as the server, with each invalid line's reason in
 * the user's language and the repeats of earlier lines.
 */
export function buildAddPreview(
  text: string,
  defaultProtocol: ProxyProtocol,
  language: Language,
): AddPreview {
  const parsed = parseProxyList(text, { defaultProtocol });
  return {
    ready: parsed.proxies.length,
    invalid: parsed.invalid.map((issue) => ({
      line: issue.line,
      text: issue.text,
      message: issue.reason[language],
    })),
    duplicates: parsed.duplicates,
    empty: parsed.proxies.length + parsed.invalid.length + parsed.duplicates.length === 0,
  };
}
