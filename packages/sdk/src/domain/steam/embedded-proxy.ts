/** NebulaAuth stores the account's proxy in the maFile: `Proxy: { Id, Data }`. */
import { isObject, keyed, pickNumber, pickText } from './mafile-fields.ts';
import { type ProxyPart, parseProxyText, protocolFromName } from './proxy-part.ts';

const PROTOCOL_BY_NUMBER = ['http', 'https', 'socks4', 'socks5'] as const;

export function readEmbeddedProxy(value: unknown): ProxyPart | null {
  if (!isObject(value)) return typeof value === 'string' ? fromText(value) : null;
  const outer = keyed(value);
  const data = outer.get('data') ?? value;
  if (typeof data === 'string') return fromText(data);
  if (!isObject(data)) return null;
  const fields = keyed(data);
  const host = pickText(fields, ['address', 'host', 'ip']);
  const port = pickNumber(fields, ['port']);
  if (!host || port === null) return null;
  const result = parseProxyText(`${host}:${port}`);
  if (!result.ok) return null;
  const protocolValue = fields.get('protocol') ?? fields.get('type');
  const protocol =
    typeof protocolValue === 'string'
      ? protocolFromName(protocolValue)
      : typeof protocolValue === 'number'
        ? (PROTOCOL_BY_NUMBER[protocolValue] ?? null)
        : null;
  return {
    ...result.proxy,
    protocol,
    username: pickText(fields, ['username', 'user', 'login']),
    password: pickText(fields, ['password', 'pass']),
  };
}

function fromText(text: string): ProxyPart | null {
  const result = parseProxyText(text);
  return result.ok ? result.proxy : null;
}
