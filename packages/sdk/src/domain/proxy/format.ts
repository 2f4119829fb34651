import type { Language } from '../../i18n/messages.ts';
import { PROXY_PROTOCOL_SCHEMES, type ProxyDraft } from './types.ts';
import { hostForLine } from './validate.ts';

/** Export formats of the proxies screen (docs/product-shell.md §9). */
export const PROXY_EXPORT_FORMATS = ['ip', 'ip_port', 'ip_port_auth', 'auth_ip_port', 'custom'] as const;
export type ProxyExportFormat = (typeof PROXY_EXPORT_FORMATS)[number];

export const PROXY_TEMPLATE_PLACEHOLDERS = [
  'ip',
  'port',
  'login',
  'pass',
  'protocol',
  'country',
  'name',
] as const;
export type ProxyTemplatePlaceholder = (typeof PROXY_TEMPLATE_PLACEHOLDERS)[number];

/** What an export line can show: a stored or parsed proxy plus its country when known. */
export type ExportableProxy = ProxyDraft & { countryCode?: string | null };

export type ProxyTemplateResult =
  | { ok: true; render: (proxy: ExportableProxy) => string }
  | { ok: false; error: Record<Language, string> };

type Piece = { literal: string } | { placeholder: ProxyTemplatePlaceholder };

const PLACEHOLDER_LIST = PROXY_TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(' ');

/**
 * Compiles a custom export template. Placeholders: {ip} (IPv6 in brackets) {port} {login} {pass} {protocol}
 * {country} {name}; `{{` and `}}` write literal braces. Unknown placeholders and stray braces are refused.
 * Values are inserted as they are (no escaping), since exported lists go into other tools.
 */
export function compileProxyTemplate(template: string): ProxyTemplateResult {
  if (template.trim() === '') {
    return { ok: false, error: { ru: 'Шаблон экспорта пуст', en: 'The export template is empty' } };
  }
  const pieces: Piece[] = [];
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    if ((char === '{' || char === '}') && template[i + 1] === char) {
      literal += char;
      i++;
      continue;
    }
    if (char === '}') return { ok: false, error: strayBrace(i) };
    if (char !== '{') {
      literal += char;
      continue;
    }
    const close = template.indexOf('}', i);
    const word = close < 0 ? template.slice(i + 1) : template.slice(i + 1, close);
    if (close < 0 || !isPlaceholder(word)) return { ok: false, error: unknownPlaceholder(word, close < 0) };
    if (literal !== '') pieces.push({ literal });
    literal = '';
    pieces.push({ placeholder: word });
    i = close;
  }
  if (literal !== '') pieces.push({ literal });
  return {
    ok: true,
    render: (proxy) =>
      pieces
        .map((piece) => ('literal' in piece ? piece.literal : placeholderValue(proxy, piece.placeholder)))
        .join(''),
  };
}

function isPlaceholder(word: string): word is ProxyTemplatePlaceholder {
  return (PROXY_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(word);
}

function unknownPlaceholder(word: string, unclosed: boolean): Record<Language, string> {
  if (unclosed) {
    return {
      ru: `Незакрытая подстановка «{${word}»: допустимы ${PLACEHOLDER_LIST}; для фигурной скобки пишите {{`,
      en: `Unclosed placeholder "{${word}": use ${PLACEHOLDER_LIST}; write {{ for a literal brace`,
    };
  }
  return {
    ru: `Неизвестная подстановка «{${word}}»: допустимы ${PLACEHOLDER_LIST}`,
    en: `Unknown placeholder "{${word}}": use ${PLACEHOLDER_LIST}`,
  };
}

function strayBrace(position: number): Record<Language, string> {
  return {
    ru: `Лишняя «}» в позиции ${position + 1}: для фигурной скобки пишите }}`,
    en: `Stray "}" at position ${position + 1}: write }} for a literal brace`,
  };
}

function placeholderValue(proxy: ExportableProxy, placeholder: ProxyTemplatePlaceholder): string {
  switch (placeholder) {
    case 'ip':
      return hostForLine(proxy.host);
    case 'port':
      return String(proxy.port);
    case 'login':
      return proxy.credentials?.username ?? '';
    case 'pass':
      return proxy.credentials?.password ?? '';
    case 'protocol':
      return PROXY_PROTOCOL_SCHEMES[proxy.protocol];
    case 'country':
      return proxy.countryCode ?? '';
    case 'name':
      return proxy.name ?? '';
  }
}

/**
 * One export line. `ip` is the bare address; `ip_port_auth` is `ip:port:login:pass` and `auth_ip_port` is
 * `login:pass@ip:port`, both falling back to `ip:port` for a proxy without credentials.
 */
export function formatProxy(proxy: ExportableProxy, format: Exclude<ProxyExportFormat, 'custom'>): string {
  const address = `${hostForLine(proxy.host)}:${proxy.port}`;
  const credentials = proxy.credentials;
  switch (format) {
    case 'ip':
      return proxy.host;
    case 'ip_port':
      return address;
    case 'ip_port_auth':
      return credentials ? `${address}:${credentials.username}:${credentials.password}` : address;
    case 'auth_ip_port':
      return credentials ? `${credentials.username}:${credentials.password}@${address}` : address;
  }
}

export type ProxyExportRequest =
  | { format: Exclude<ProxyExportFormat, 'custom'> }
  | { format: 'custom'; template: string };

/** Formats many proxies, one per line (LF). A bad custom template is reported, not thrown. */
export function formatProxyList(
  proxies: Iterable<ExportableProxy>,
  request: ProxyExportRequest,
): { ok: true; text: string } | { ok: false; error: Record<Language, string> } {
  const render = proxyLineRenderer(request);
  if (!render.ok) return render;
  const lines: string[] = [];
  for (const proxy of proxies) lines.push(render.render(proxy));
  return { ok: true, text: lines.join('\n') };
}

/** The line renderer for an export request; streaming exports call it per row. */
export function proxyLineRenderer(request: ProxyExportRequest): ProxyTemplateResult {
  if (request.format === 'custom') return compileProxyTemplate(request.template);
  const format = request.format;
  return { ok: true, render: (proxy) => formatProxy(proxy, format) };
}
