/**
 * One agent per proxy, so every byte to Steam leaves through the account's proxy. HTTP(S) proxies tunnel with
 * CONNECT (also for plain-HTTP targets, so the proxy never sees request headers); SOCKS uses the remote-DNS
 * variants (socks4a, socks5h) so not even a DNS query leaves from the server's own address.
 */
import type { Agent } from 'node:http';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';
import type { SteamProxy } from './port.ts';

export function proxyUrl(proxy: SteamProxy): string {
  const credentials =
    proxy.username !== null
      ? `${encodeURIComponent(proxy.username)}:${encodeURIComponent(proxy.password ?? '')}@`
      : '';
  const scheme =
    proxy.protocol === 'socks5' ? 'socks5h' : proxy.protocol === 'socks4' ? 'socks4a' : proxy.protocol;
  return `${scheme}://${credentials}${proxy.host}:${proxy.port}`;
}

/** Identifies the egress for cool-downs and spacing: Steam limits by IP, so credentials and scheme are left out. */
export function proxyKey(proxy: Pick<SteamProxy, 'host' | 'port'>): string {
  return `${proxy.host.toLowerCase()}:${proxy.port}`;
}

/** For logs: never the credentials. */
export function describeProxy(proxy: SteamProxy): string {
  return `${proxy.protocol}://${proxy.host}:${proxy.port}`;
}

export function createProxyAgent(proxy: SteamProxy, timeoutMs: number): Agent {
  if (proxy.protocol === 'socks4' || proxy.protocol === 'socks5') {
    return new SocksProxyAgent(proxyUrl(proxy), { timeout: timeoutMs });
  }
  return new HttpsProxyAgent(proxyUrl(proxy), { timeout: timeoutMs });
}

/** Keeps one agent per proxy (keep-alive tunnels are reused between calls). */
export class ProxyAgentPool {
  readonly #agents = new Map<string, Agent>();
  constructor(private readonly timeoutMs: number) {}

  get(proxy: SteamProxy): Agent {
    const key = proxyUrl(proxy);
    let agent = this.#agents.get(key);
    if (!agent) {
      agent = createProxyAgent(proxy, this.timeoutMs);
      this.#agents.set(key, agent);
    }
    return agent;
  }

  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }
}
