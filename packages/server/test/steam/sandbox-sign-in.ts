import type { SteamPort, SteamProxy } from '../../src/integrations/steam/index.ts';
import type { SandboxWorld } from '../../src/integrations/steam/sandbox/sandbox-world.ts';
import type { SteamTradeSession, TradeSessionState } from '../../src/integrations/steam/trading-port.ts';

/** Signs a sandbox account in through the port and opens its trade session, as the trading module does. */
export async function sandboxTradeSession(
  port: SteamPort,
  world: SandboxWorld,
  login: string,
  proxy: SteamProxy,
  onChange?: (state: TradeSessionState) => void,
): Promise<SteamTradeSession> {
  const account = world.find(login)!;
  const signed = await port.signIn({
    login,
    password: account.password,
    sharedSecret: account.sharedSecret,
    proxy,
  });
  if (!signed.ok) throw new Error(`sign-in of ${login} failed`);
  return port.tradeSession({
    steamId: signed.steamId,
    refreshToken: signed.refreshToken,
    proxy,
    identitySecret: account.identitySecret,
    ...(onChange ? { onChange } : {}),
  });
}
