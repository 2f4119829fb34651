/**
 * Cross-site WebSocket hijacking guard. Browsers always send Origin on a WebSocket upgrade; other clients (the
 * CLI, the Node SignalR client) send none and are allowed. A browser page may connect only from the server's own
 * origin (its Host, or PUBLIC_URL behind a proxy) or from an origin listed in TRADEDECK_HUB_ORIGINS.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string | null,
  allowed: string[],
): boolean {
  if (origin === undefined) return true;
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  if (host && parsed.host === host) return true;
  if (publicUrl && URL.canParse(publicUrl) && new URL(publicUrl).origin === parsed.origin) return true;
  return allowed.includes(parsed.origin);
}
