import { isIP } from 'node:net';

const IP_FIELDS = ['ip', 'origin', 'query', 'address', 'remoteAddress', 'ip_addr', 'clientIp'];

/** The exit IP (and judge marker) from an IP-echo answer: JSON (optionally in our envelope) or plain text. */
export function readEcho(body: Buffer): { ip: string | null; marker: string | null } {
  const text = body.toString('utf8').trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as Record<string, unknown>;
      const data = (parsed.data && typeof parsed.data === 'object' ? parsed.data : parsed) as Record<
        string,
        unknown
      >;
      const field = IP_FIELDS.map((key) => data[key]).find((value) => typeof value === 'string') as
        | string
        | undefined;
      const marker = typeof data.marker === 'string' ? data.marker : null;
      return { ip: field ? asIp(field.split(',')[0]!.trim()) : null, marker };
    } catch {
      return { ip: null, marker: null };
    }
  }
  return { ip: text.length <= 45 ? asIp(text) : null, marker: null };
}

function asIp(value: string): string | null {
  const ip = value.replace(/^::ffff:(?=\d+\.)/i, '');
  return isIP(ip) ? ip : null;
}
