import {
  type ApiClient,
  createApiClient,
  MemoryTokenStore,
  parseStoredToken,
  type TokenStore,
  type TwoFactorChallenge,
} from '@tradedeck/sdk/client';
import { httpFetch } from '@tradedeck/sdk/client/node';
import type { AccessToken, StepUpPurpose, TwoFactorInput } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { runIdempotencyKeys } from './idempotency-keys.ts';
import { openSessionStore, type SecretSlot, type SessionStore } from './session-store.ts';
import { type MessageKey, message } from './texts/message.ts';

const COOKIE_NAMES = ['__Host-rt', 'tradedeck-rt'];

/**
 * Keeps the server's refresh cookie in the session store (the keyring, or a file readable by the user only,
 * replaced atomically), so the CLI can renew its session.
 */
export class CookieJar {
  constructor(private readonly slot: SecretSlot) {}

  get(): { name: string; value: string } | null {
    try {
      const stored = JSON.parse(this.slot.read() ?? '') as { name?: string; value?: string };
      return stored.name && stored.value ? { name: stored.name, value: stored.value } : null;
    } catch {
      return null;
    }
  }

  set(name: string, value: string): void {
    this.slot.write(JSON.stringify({ name, value }));
  }

  clear(): void {
    this.slot.remove();
  }

  /** A fetch that sends the stored cookie to the server and stores the one it sets (or clears). */
  wrap(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      const headers = plainHeaders(init?.headers);
      const cookie = this.get();
      if (cookie) headers.cookie = `${cookie.name}=${cookie.value}`;
      const response = await inner(input, { ...init, headers });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        if (!COOKIE_NAMES.includes(name)) continue;
        const value = pair.slice(eq + 1).trim();
        if (value) this.set(name, value);
        else this.clear();
      }
      return response;
    };
  }
}

/** Request headers as a plain object (the API client passes one; anything else goes through Headers). */
function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (Object.getPrototypeOf(headers) === Object.prototype) return { ...(headers as Record<string, string>) };
  const plain: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    plain[name] = value;
  });
  return plain;
}

/** Keeps the access token in the session store: the keyring, or a 0600 file replaced atomically. */
export class StoredTokenStore implements TokenStore {
  constructor(private readonly slot: SecretSlot) {}

  get(): AccessToken | null {
    return parseStoredToken(this.slot.read());
  }

  set(token: AccessToken): void {
    this.slot.write(JSON.stringify(token));
  }

  clear(): void {
    this.slot.remove();
  }
}

export type Prompt = (question: string, options?: { hidden?: boolean }) => Promise<string>;

export interface SessionOptions {
  baseUrl: string;
  lang: Language;
  configDir: string;
  /** The environment: PATH and the D-Bus session decide whether the keyring is used. */
  env: NodeJS.ProcessEnv;
  /** An access token given on the command line or in TRADEDECK_TOKEN: used as is, never stored. */
  token?: string | undefined;
  prompt?: Prompt | undefined;
  stderr: (text: string) => void;
  /** The workspace calls act in (its id), read on every call; null: the personal one. */
  workspace?: () => string | null;
}

export function createSessionClient(options: SessionOptions): {
  client: ApiClient;
  jar: CookieJar;
  tokens: TokenStore;
  /** Where the session is kept; `login --token` saves there even when this client uses the given token. */
  store: SessionStore;
} {
  const store = openSessionStore(options.configDir, options.env);
  const jar = new CookieJar(store.slot('session'));
  const tokens: TokenStore = options.token
    ? new MemoryTokenStore({
        accessToken: options.token,
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      })
    : new StoredTokenStore(store.slot('token'));
  const t = (key: MessageKey) => message(options.lang, key);
  const client = createApiClient({
    baseUrl: options.baseUrl,
    language: () => options.lang,
    tokenStore: tokens,
    fetch: jar.wrap(httpFetch),
    timeoutMs: 15_000,
    idempotencyKey: runIdempotencyKeys(options.env),
    ...(options.workspace ? { workspace: options.workspace } : {}),
    ...(options.prompt
      ? {
          onTwoFactorRequired: (c: TwoFactorChallenge) =>
            askSecondFactor(c, options.prompt!, t, options.stderr),
        }
      : {}),
  });
  return { client, jar, tokens, store };
}

const STEP_UP_REASON: Record<StepUpPurpose, MessageKey> = {
  secrets: 'stepUpSecrets',
  twoFactorSettings: 'stepUpTwoFactorSettings',
  admin: 'stepUpAdmin',
  withdrawal: 'stepUpWithdrawal',
  api_management: 'stepUpApiManagement',
};

/** Asks for a code that fits the requirements; a XXXXX-XXXXX answer is taken as a recovery code. */
async function askSecondFactor(
  challenge: TwoFactorChallenge,
  prompt: Prompt,
  t: (key: MessageKey) => string,
  stderr: (text: string) => void,
): Promise<TwoFactorInput | null> {
  if (challenge.attempt > 0) stderr(`${t('wrongCode')}\n`);
  const wants = challenge.requirements;
  if (challenge.stepUp && challenge.attempt === 0) {
    // The server mails the code with its answer when e-mail is the way to confirm.
    const mailed = wants.includes('emailCode') && !wants.includes('totp') ? ` ${t('stepUpMailed')}` : '';
    stderr(`${t(STEP_UP_REASON[challenge.stepUp])}${mailed}\n`);
  }
  const question = wants.includes('totp') ? t('askTotp') : t('askEmailCode');
  const answer = (
    await prompt(wants.includes('recoveryCode') ? `${question} ${t('orRecovery')}: ` : `${question}: `)
  ).trim();
  if (!answer) return null;
  if (/^\d{6}$/.test(answer.replace(/\s/g, ''))) {
    const code = answer.replace(/\s/g, '');
    return {
      recoveryCode: null,
      codes: {
        ...(wants.includes('totp') ? { totp: code } : {}),
        ...(wants.includes('emailCode') ? { emailCode: code } : {}),
      },
    };
  }
  return { recoveryCode: answer, codes: {} };
}
