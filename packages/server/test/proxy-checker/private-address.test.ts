import { ProxyProtocol } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import {
  type CheckTarget,
  checkProxy,
  isPrivateAddress,
  prepareCheckTarget,
} from '../../src/integrations/proxy-checker/index.ts';
import type { LoopbackServer } from './helpers/loopback-server.ts';
import { startHttpProxy } from './helpers/proxy-servers.ts';

const options = { connectTimeoutMs: 3000, totalTimeoutMs: 5000 };

describe('proxy checks and the server’s own network', () => {
  let proxy: LoopbackServer;
  let target: CheckTarget;
  beforeAll(async () => {
    proxy = await startHttpProxy();
    target = await prepareCheckTarget('http://192.0.2.1/ip');
  });
  afterAll(() => proxy.close());

  it('refuses a proxy on a loopback address without connecting to it', async () => {
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Http, host: '127.0.0.1', port: proxy.port, credentials: null },
      target,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'private_address' });
    expect(outcome.detail).toMatch(/TRADEDECK_ALLOW_PRIVATE_PROXIES/);
    expect(proxy.accepted()).toBe(0);
  });

  it('refuses a host name that resolves to a private address', async () => {
    const outcome = await checkProxy(
      { protocol: ProxyProtocol.Socks5, host: 'localhost', port: proxy.port, credentials: null },
      target,
      options,
    );
    expect(outcome).toMatchObject({ valid: false, errorClass: 'private_address' });
    expect(proxy.accepted()).toBe(0);
  });

  it('connects when an administrator allows private addresses', async () => {
    await checkProxy(
      { protocol: ProxyProtocol.Http, host: '127.0.0.1', port: proxy.port, credentials: null },
      target,
      { ...options, allowPrivateAddresses: true },
    );
    expect(proxy.accepted()).toBe(1);
  });

  it('tells private ranges from public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.20.30.40',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '203.0.113.10', '2001:4860:4860::8888', 'example.com']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('allows private proxies in sandbox mode and refuses them live unless TRADEDECK_ALLOW_PRIVATE_PROXIES is on', () => {
    expect(loadConfig({}).allowPrivateProxies).toBe(true);
    expect(loadConfig({ TRADEDECK_MODE: 'live' }).allowPrivateProxies).toBe(false);
    expect(
      loadConfig({ TRADEDECK_MODE: 'live', TRADEDECK_ALLOW_PRIVATE_PROXIES: 'on' }).allowPrivateProxies,
    ).toBe(true);
    expect(loadConfig({ TRADEDECK_ALLOW_PRIVATE_PROXIES: 'off' }).allowPrivateProxies).toBe(false);
    expect(() => loadConfig({ TRADEDECK_ALLOW_PRIVATE_PROXIES: 'maybe' })).toThrow(
      /TRADEDECK_ALLOW_PRIVATE_PROXIES/,
    );
  });
});
