/**
 * Requests to Steam's community site and Web API as the account, through the account's proxy agent only.
 * The headers Steam is picky about (cookies, the mobile client marks, the confirmation user-agent, Origin and
 * Referer on form posts) are set here and nowhere else, so a Steam-side change is fixed in one place
 * (notes §4.2, §14).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { ProxyAgentPool } from '../../proxy-agent.ts';
import { failureFromSteam, tradeFailure } from '../../trading/trade-failure.ts';
import type { TradeFailure, WebAuth } from '../../trading-port.ts';
import { proxiedRequest, SteamRequestError } from '../proxied-request.ts';

/** The mobile app's HTTP client: mobileconf answered 429 to anything else in July 2026 (steamcommunity #371). */
export const MOBILE_USER_AGENT = 'okhttp/4.9.2';
export const WEB_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const MOBILE_CLIENT_VERSION = '777777 3.10.3';

export interface SteamWebOptions {
  communityBase: string;
  apiBase: string;
  timeoutMs: number;
  ca?: string;
  agents: ProxyAgentPool;
}

export interface WebCall {
  method: 'GET' | 'POST';
  site: 'community' | 'api';
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as application/x-www-form-urlencoded; repeated keys as arrays. */
  form?: Record<string, string | number | string[]>;
  /** Calls the mobile app makes (confirmations): its cookies and user-agent. */
  mobile?: boolean;
  referer?: string;
}

export interface WebAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

export class SteamWebClient {
  constructor(private readonly options: SteamWebOptions) {}

  get communityBase(): string {
    return this.options.communityBase.replace(/\/$/, '');
  }

  /** The raw answer, or a failure when no answer came (proxy, timeout). */
  async send(auth: WebAuth, call: WebCall): Promise<WebAnswer | TradeFailure> {
    const base = call.site === 'api' ? this.options.apiBase : this.options.communityBase;
    const url = new URL(`${base.replace(/\/$/, '')}${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      'user-agent': call.mobile ? MOBILE_USER_AGENT : WEB_USER_AGENT,
      accept: 'application/json, text/plain, */*',
    };
    if (call.site === 'api') {
      // The Web API takes the access token itself: CS2 offer states need it, an API key is not enough.
      url.searchParams.set('access_token', auth.accessToken);
    } else {
      headers.cookie = cookies(auth, call.mobile ?? false);
    }
    let body: Buffer | undefined;
    if (call.form) {
      body = Buffer.from(formBody(call.form));
      headers['content-type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
      headers.origin = this.communityBase;
      headers.referer = call.referer ?? `${this.communityBase}/`;
    } else if (call.referer) {
      headers.referer = call.referer;
    }
    try {
      const response = await proxiedRequest({
        method: call.method,
        url: url.toString(),
        headers,
        body,
        agent: this.options.agents.get(auth.proxy),
        timeoutMs: this.options.timeoutMs,
        ca: this.options.ca,
      });
      const text = response.body.toString('utf8');
      return { status: response.statusCode, headers: response.headers, json: parseJson(text), text };
    } catch (error) {
      if (error instanceof SteamRequestError && error.failure.kind === 'proxy') {
        // No answer within the deadline: what was posted may have happened on Steam.
        return tradeFailure(error.failure.cause === 'timeout' ? 'timeout' : 'proxyError', {
          detail: error.message,
        });
      }
      return tradeFailure('unknownError', { detail: (error as Error).message });
    }
  }

  /**
   * The answer's JSON when Steam did what was asked; otherwise the failure it means. Steam says "signed out" in
   * several ways (401, a redirect to /login, `needauth`), "too fast" with 429, and other errors as `strError`
   * text ending in "(N)" or an `x-eresult` header.
   */
  async json(auth: WebAuth, call: WebCall): Promise<{ ok: true; json: unknown } | TradeFailure> {
    const answer = await this.send(auth, call);
    if ('ok' in answer) return answer;
    return interpretAnswer(answer);
  }
}

export function interpretAnswer(answer: WebAnswer): { ok: true; json: unknown } | TradeFailure {
  const { status, headers, json } = answer;
  if (status === 429) {
    const retryAfter = retryAfterOf(headers['retry-after']);
    return tradeFailure('rateLimited', {
      httpStatus: HttpStatus.TooManyRequests,
      ...(retryAfter ? { retryAfter } : {}),
    });
  }
  const location = String(headers.location ?? '');
  if ((status >= 300 && status < 400 && /\/login/.test(location)) || status === 401) {
    return tradeFailure('sessionExpired', { httpStatus: status });
  }
  const object = json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  if (object?.needauth === true) return tradeFailure('sessionExpired', { httpStatus: status });
  const strError = typeof object?.strError === 'string' ? object.strError : undefined;
  const eresultHeader = Number(headers['x-eresult']);
  const eresult = Number.isInteger(eresultHeader) && eresultHeader > 0 ? eresultHeader : undefined;
  if (status === 200 && !strError) {
    // A code 2 next to a meaningful body is a success in disguise (steam-tradeoffer-manager reads it so).
    if (
      eresult === undefined ||
      eresult === 1 ||
      (eresult === 2 && object && Object.keys(object).length > 0)
    ) {
      return { ok: true, json };
    }
  }
  return failureFromSteam({
    httpStatus: status,
    ...(eresult !== undefined && eresult !== 1 ? { eresult } : {}),
    ...(strError ? { text: strError } : {}),
  });
}

function cookies(auth: WebAuth, mobile: boolean): string {
  const parts = [
    `steamLoginSecure=${auth.steamId}%7C%7C${auth.accessToken}`,
    `sessionid=${auth.sessionId}`,
    'Steam_Language=english',
  ];
  if (mobile)
    parts.push('mobileClient=android', `mobileClientVersion=${encodeURIComponent(MOBILE_CLIENT_VERSION)}`);
  return parts.join('; ');
}

function formBody(form: Record<string, string | number | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  return params.toString();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function retryAfterOf(value: string | string[] | undefined): Date | null {
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;
}
