/** Proxy protocols as numbered in the product specification (docs/product-shell.md §3). */
export const ProxyProtocol = {
  Http: 0,
  Https: 1,
  Socks4: 2,
  Socks5: 3,
} as const;
export type ProxyProtocol = (typeof ProxyProtocol)[keyof typeof ProxyProtocol];

/** Proxy statuses (docs/product-shell.md §3). */
export const ProxyStatus = {
  NoCheck: 0,
  Idle: 1,
  InUse: 2,
  Invalid: 3,
  Expired: 4,
  Unsaved: 5,
} as const;
export type ProxyStatus = (typeof ProxyStatus)[keyof typeof ProxyStatus];

/** Scheme names as written in proxy lines and exported by `{protocol}`. */
export const PROXY_PROTOCOL_SCHEMES: Readonly<Record<ProxyProtocol, string>> = {
  0: 'http',
  1: 'https',
  2: 'socks4',
  3: 'socks5',
};

/** Schemes accepted in front of a line; the `h`/`a` variants only say where DNS is resolved. */
export const PROXY_SCHEME_PROTOCOLS: Readonly<Record<string, ProxyProtocol>> = {
  http: ProxyProtocol.Http,
  https: ProxyProtocol.Https,
  socks4: ProxyProtocol.Socks4,
  socks4a: ProxyProtocol.Socks4,
  socks: ProxyProtocol.Socks5,
  socks5: ProxyProtocol.Socks5,
  socks5h: ProxyProtocol.Socks5,
};

export interface ProxyCredentials {
  username: string;
  /** May be empty: some proxies (SOCKS4 user ids) take a login only. */
  password: string;
}

/** A proxy as read from a line, before it is stored. `host` is lower-case, IPv6 without brackets. */
export interface ProxyDraft {
  protocol: ProxyProtocol;
  host: string;
  port: number;
  credentials: ProxyCredentials | null;
  name: string | null;
}

/** Longest name a line may carry. */
export const PROXY_NAME_MAX_LENGTH = 100;
/** SOCKS5 (RFC 1929) carries login and password in at most 255 bytes each; the same bound holds for every protocol. */
export const PROXY_CREDENTIAL_MAX_BYTES = 255;

/**
 * Where proxy countries come from (DB-IP Lite, CC BY 4.0): every screen that shows a country must show this
 * text as a link to the URL.
 */
export const PROXY_COUNTRY_DATA_ATTRIBUTION = {
  text: 'IP Geolocation by DB-IP',
  url: 'https://db-ip.com',
  licence: 'CC BY 4.0',
} as const;
