import { describe, expect, it } from 'vitest';
import { describeProxy, proxyKey, toSteamProxy } from '../../src/integrations/steam/index.ts';
import { proxyUrl } from '../../src/integrations/steam/proxy-agent.ts';

describe('Steam proxies', () => {
  it('uses remote-DNS SOCKS schemes and escapes credentials', () => {
    const socks = toSteamProxy({
      protocol: 'socks5',
      host: 'p.example.com',
      port: 1080,
      username: 'u@x',
      password: 'p:w',
    });
    expect(proxyUrl(socks)).toBe('socks5h://u%40x:p%3Aw@p.example.com:1080');
    expect(proxyUrl({ ...socks, protocol: 'socks4', username: null, password: null })).toBe(
      'socks4a://p.example.com:1080',
    );
  });

  it('treats a proxy without a scheme as HTTP and never shows its credentials', () => {
    const plain = toSteamProxy({
      protocol: null,
      host: '10.1.2.3',
      port: 8080,
      username: 'user',
      password: 'secret',
    });
    expect(plain.protocol).toBe('http');
    expect(describeProxy(plain)).toBe('http://10.1.2.3:8080');
    expect(describeProxy(plain)).not.toContain('secret');
  });

  it('keys a proxy by its address only', () => {
    const a = toSteamProxy({
      protocol: 'http',
      host: 'Proxy.Example.com',
      port: 3128,
      username: 'a',
      password: 'b',
    });
    const b = toSteamProxy({
      protocol: 'socks5',
      host: 'proxy.example.com',
      port: 3128,
      username: null,
      password: null,
    });
    expect(proxyKey(a)).toBe(proxyKey(b));
    expect(proxyKey({ ...a, port: 3129 })).not.toBe(proxyKey(a));
  });
});
