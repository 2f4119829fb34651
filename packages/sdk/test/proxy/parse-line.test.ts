import { describe, expect, it } from 'vitest';
import { normalizeProxyHost, ProxyProtocol, parseProxyLine, parseProxyList } from '../../src/domain/index.ts';

function proxyOf(line: string, defaultProtocol?: ProxyProtocol) {
  const result = parseProxyLine(line, defaultProtocol === undefined ? {} : { defaultProtocol });
  if (result.kind !== 'proxy')
    throw new Error(`expected a proxy from ${JSON.stringify(line)}, got ${result.kind}`);
  return result.proxy;
}

function reasonOf(line: string) {
  const result = parseProxyLine(line);
  if (result.kind !== 'invalid')
    throw new Error(`expected a refusal of ${JSON.stringify(line)}, got ${result.kind}`);
  return result.reason;
}

describe('parseProxyLine: the spec formats', () => {
  it('reads ip:port with the default protocol', () => {
    expect(proxyOf('1.2.3.4:8080')).toEqual({
      protocol: ProxyProtocol.Http,
      host: '1.2.3.4',
      port: 8080,
      credentials: null,
      name: null,
    });
    expect(proxyOf('1.2.3.4:1080', ProxyProtocol.Socks5).protocol).toBe(ProxyProtocol.Socks5);
  });

  it('reads ip:port:user:pass and keeps colons and @ in the password', () => {
    expect(proxyOf('1.2.3.4:8080:user:pass').credentials).toEqual({ username: 'user', password: 'pass' });
    expect(proxyOf('1.2.3.4:8080:user:pa:ss').credentials).toEqual({ username: 'user', password: 'pa:ss' });
    expect(proxyOf('1.2.3.4:8080:user:p@ss:x@5.6.7.8:9').credentials).toEqual({
      username: 'user',
      password: 'p@ss:x@5.6.7.8:9',
    });
    expect(proxyOf('1.2.3.4:80:me@mail.com:1234').credentials).toEqual({
      username: 'me@mail.com',
      password: '1234',
    });
  });

  it('reads user:pass@ip:port, splitting at the last @ and the first colon', () => {
    const proxy = proxyOf('us@er:p@ss:w:rd@gate.example.com:7777');
    expect(proxy.host).toBe('gate.example.com');
    expect(proxy.port).toBe(7777);
    expect(proxy.credentials).toEqual({ username: 'us@er', password: 'p@ss:w:rd' });
  });

  it('reads a bare-word login followed by a password starting with digits as user:pass@host:port', () => {
    expect(proxyOf('admin:8080:x@1.2.3.4:80')).toMatchObject({
      host: '1.2.3.4',
      port: 80,
      credentials: { username: 'admin', password: '8080:x' },
    });
  });

  it('takes a [name] in front or, after a space, behind', () => {
    expect(proxyOf('[Main RU] 1.2.3.4:80').name).toBe('Main RU');
    expect(proxyOf('[Main]1.2.3.4:80:u:p')).toMatchObject({ name: 'Main', credentials: { username: 'u' } });
    expect(proxyOf('u:p@1.2.3.4:80 [Backup 2]').name).toBe('Backup 2');
    // Without the space the brackets belong to the password.
    expect(proxyOf('1.2.3.4:80:u:p[x]')).toMatchObject({ name: null, credentials: { password: 'p[x]' } });
  });
});

describe('parseProxyLine: what real lists contain', () => {
  it('reads scheme prefixes in any case, with the h/a variants', () => {
    expect(proxyOf('HTTPS://1.2.3.4:443').protocol).toBe(ProxyProtocol.Https);
    expect(proxyOf('socks4://1.2.3.4:1080').protocol).toBe(ProxyProtocol.Socks4);
    expect(proxyOf('socks4a://1.2.3.4:1080').protocol).toBe(ProxyProtocol.Socks4);
    expect(proxyOf('socks5h://u:p@1.2.3.4:1080/').protocol).toBe(ProxyProtocol.Socks5);
    expect(proxyOf('socks5://1.2.3.4:1080:u:p', ProxyProtocol.Http)).toMatchObject({
      protocol: ProxyProtocol.Socks5,
      credentials: { username: 'u', password: 'p' },
    });
  });

  it('percent-decodes credentials of URL lines only', () => {
    expect(proxyOf('http://us%40er:p%3Ass%25@1.2.3.4:80').credentials).toEqual({
      username: 'us@er',
      password: 'p:ss%',
    });
    expect(proxyOf('user:p%3Ass@1.2.3.4:80').credentials).toEqual({ username: 'user', password: 'p%3Ass' });
    expect(proxyOf('http://user:100%@1.2.3.4:80').credentials).toEqual({
      username: 'user',
      password: '100%',
    });
  });

  it('reads hostnames and bracketed IPv6', () => {
    expect(proxyOf('Gate.Provider-1.NET:10000').host).toBe('gate.provider-1.net');
    expect(proxyOf('[::1]:8080')).toMatchObject({ host: '::1', port: 8080, name: null });
    expect(proxyOf('[2001:DB8::5]:1080:u:p')).toMatchObject({
      host: '2001:db8::5',
      credentials: { username: 'u' },
    });
    expect(proxyOf('u:p@[::ffff:1.2.3.4]:3128').host).toBe('::ffff:1.2.3.4');
    expect(proxyOf('[v6] [::1]:80')).toMatchObject({ name: 'v6', host: '::1' });
  });

  it('ignores surrounding whitespace, CR and a byte-order mark', () => {
    expect(proxyOf('\uFEFF  1.2.3.4:80\r').port).toBe(80);
    expect(proxyOf('\t010.001.002.003:80 ').host).toBe('10.1.2.3');
  });

  it('skips blank and comment lines', () => {
    for (const line of ['', '   ', '# list from provider', '// comment']) {
      expect(parseProxyLine(line).kind).toBe('skip');
    }
  });
});

describe('parseProxyLine: refusals carry the spec messages', () => {
  it('reports a bad host with the spec text', () => {
    const reason = reasonOf('1.2.3.999:80');
    expect(reason.code).toBe('invalid_host');
    expect(reason.ru).toBe('Введите корректный IP-адрес или доменное имя');
    expect(reason.en).toBe('Enter a valid IP address or domain name');
    expect(reasonOf('u:p@bad_host!:80').code).toBe('invalid_host');
    expect(reasonOf('1.2.3.999:80:u:p').code).toBe('invalid_host');
  });

  it('reports a bad port with the spec text', () => {
    for (const line of ['1.2.3.4:0', '1.2.3.4:65536', '1.2.3.4:80a', 'u:p@1.2.3.4:-1', '1.2.3.4::u:p']) {
      const reason = reasonOf(line);
      expect(reason.code, line).toBe('invalid_port');
      expect(reason.ru).toBe('Порт должен быть числом от 1 до 65535');
    }
  });

  it('reports lines that match no format', () => {
    for (const line of ['1.2.3.4', 'hello world', '1.2.3.4:80:user', '1.2.3.4 8080']) {
      expect(reasonOf(line).code, line).toBe('invalid_format');
    }
  });

  it('reads a password that starts with // as a password, not a scheme', () => {
    const proxy = proxyOf('a://:@1.2.3.4:80');
    expect(proxy.credentials).toEqual({ username: 'a', password: '//:' });
    expect(proxy.host).toBe('1.2.3.4');
  });

  it('refuses unknown schemes, passwords without logins, SOCKS4 passwords and long fields', () => {
    expect(reasonOf('ftp://1.2.3.4:21').code).toBe('unsupported_scheme');
    expect(reasonOf(':secret@1.2.3.4:80').code).toBe('missing_username');
    expect(reasonOf('socks4://u:p@1.2.3.4:1080').code).toBe('socks4_password');
    expect(proxyOf('socks4://userid@1.2.3.4:1080').credentials).toEqual({ username: 'userid', password: '' });
    expect(reasonOf(`1.2.3.4:80:u:${'ж'.repeat(128)}`).code).toBe('credentials_too_long');
    expect(reasonOf(`[${'n'.repeat(101)}] 1.2.3.4:80`).code).toBe('name_too_long');
  });
});

describe('IPv6 addresses in one canonical form', () => {
  it.each([
    ['0:0:0:0:0:0:0:1', '::1'],
    ['::1', '::1'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', '::1'],
    ['2001:DB8:0:0:0:0:0:5', '2001:db8::5'],
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['fe80:0:0:0:0:0:0:0', 'fe80::'],
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1'],
    ['0:0:0:0:0:ffff:c000:0201', '::ffff:192.0.2.1'],
    ['::192.0.2.1', '::c000:201'],
  ])('%s is %s', (written, canonical) => {
    expect(normalizeProxyHost(written)).toBe(canonical);
    expect(normalizeProxyHost(`[${written}]`)).toBe(canonical);
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '1:2:3:4:5:6:7',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '::1.2.3.4:5',
      '12345::',
      'fe80::1%eth0',
    ])
      expect(normalizeProxyHost(text)).toBeNull();
  });

  it('sees [0:0:0:0:0:0:0:1] and [::1] as the same proxy', () => {
    const result = parseProxyList('[0:0:0:0:0:0:0:1]:8080\n[::1]:8080\n');
    expect(result.proxies).toHaveLength(1);
    expect(result.proxies[0]!.proxy.host).toBe('::1');
    expect(result.duplicates.map((d) => d.line)).toEqual([2]);
  });
});
