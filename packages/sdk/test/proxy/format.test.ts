import { describe, expect, it } from 'vitest';
import {
  compileProxyTemplate,
  type ExportableProxy,
  formatProxy,
  formatProxyList,
  ProxyProtocol,
} from '../../src/domain/index.ts';

const withAuth: ExportableProxy = {
  protocol: ProxyProtocol.Socks5,
  host: '1.2.3.4',
  port: 1080,
  credentials: { username: 'user', password: 'pa:ss' },
  name: 'Main',
  countryCode: 'DE',
};
const bare: ExportableProxy = {
  protocol: ProxyProtocol.Http,
  host: '::1',
  port: 8080,
  credentials: null,
  name: null,
};

describe('formatProxy', () => {
  it('writes the four fixed formats', () => {
    expect(formatProxy(withAuth, 'ip')).toBe('1.2.3.4');
    expect(formatProxy(withAuth, 'ip_port')).toBe('1.2.3.4:1080');
    expect(formatProxy(withAuth, 'ip_port_auth')).toBe('1.2.3.4:1080:user:pa:ss');
    expect(formatProxy(withAuth, 'auth_ip_port')).toBe('user:pa:ss@1.2.3.4:1080');
  });

  it('falls back to ip:port without credentials and brackets IPv6 next to a port', () => {
    expect(formatProxy(bare, 'ip')).toBe('::1');
    expect(formatProxy(bare, 'ip_port_auth')).toBe('[::1]:8080');
    expect(formatProxy(bare, 'auth_ip_port')).toBe('[::1]:8080');
  });
});

describe('custom templates', () => {
  it('fills every placeholder and literal braces', () => {
    const template = compileProxyTemplate('{protocol}://{login}:{pass}@{ip}:{port} {{{country}}} {name}');
    if (!template.ok) throw new Error(template.error.en);
    expect(template.render(withAuth)).toBe('socks5://user:pa:ss@1.2.3.4:1080 {DE} Main');
    expect(template.render(bare)).toBe('http://:@[::1]:8080 {} ');
  });

  it('refuses unknown placeholders, unclosed ones, stray braces and empty templates with a clear message', () => {
    const unknown = compileProxyTemplate('{ip}:{host}');
    expect(unknown).toMatchObject({ ok: false });
    if (unknown.ok) return;
    expect(unknown.error.en).toContain('Unknown placeholder "{host}"');
    expect(unknown.error.ru).toContain('Неизвестная подстановка «{host}»');
    expect(unknown.error.en).toContain('{ip} {port} {login} {pass} {protocol} {country} {name}');
    expect(compileProxyTemplate('{ip')).toMatchObject({
      ok: false,
      error: { en: expect.stringContaining('Unclosed') },
    });
    expect(compileProxyTemplate('ip}')).toMatchObject({
      ok: false,
      error: { en: expect.stringContaining('Stray') },
    });
    expect(compileProxyTemplate('  ')).toMatchObject({ ok: false });
  });

  it('formats a list or reports the template error', () => {
    expect(formatProxyList([withAuth, bare], { format: 'ip_port' })).toEqual({
      ok: true,
      text: '1.2.3.4:1080\n[::1]:8080',
    });
    expect(formatProxyList([withAuth], { format: 'custom', template: '{nope}' })).toMatchObject({
      ok: false,
    });
  });
});
