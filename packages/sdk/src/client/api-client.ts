import type { z } from 'zod';
import type { Callable, CallableInput, CallableOutput } from '../contract/api.ts';
import type { TwoFactorInput, TwoFactorRequirement } from '../contract/auth.ts';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from '../contract/idempotency.ts';
import type { Contract } from '../contract/index.ts';
import type { CallInput, Operation } from '../contract/operation.ts';
import { ResultCode } from '../contract/result-codes.ts';
import { type Route, routes } from '../contract/routes.ts';
import type { StepUpPurpose } from '../contract/step-up.ts';
import { STEP_UP_PURPOSES } from '../contract/step-up-purposes.ts';
import { WORKSPACE_HEADER } from '../contract/workspace-header.ts';
import { type Language, languageTag } from '../i18n/messages.ts';
import { ApiError, isConnectivityError, SessionExpiredError, TwoFactorCancelledError } from './errors.ts';
import { awaitFirstOutcome } from './first-outcome.ts';
import { SessionKeeper } from './session-keeper.ts';
import { MemoryTokenStore, type TokenStore } from './token-store.ts';
import { send } from './transport.ts';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface TwoFactorChallenge {
  operationId: string;
  requirements: TwoFactorRequirement[];
  /** 0 for the first prompt; above 0 after a wrong code ("Неверный код"). */
  attempt: number;
  /** The server's message for the failed attempt. */
  message: string;
  /** The fields the last attempt failed on (the server's `failed`): only they show "Неверный код". */
  failed: TwoFactorRequirement[];
  /**
   * Set when the server asks this device session to step up (a secret, a factor change, admin work): the codes
   * go to `user.stepUp` and the call is repeated. E-mail codes for it are requested with purpose `stepUp`.
   */
  stepUp?: StepUpPurpose;
}

export interface ClientOptions {
  /** Origin of the server, e.g. `http://127.0.0.1:8080` (the page's origin in the browser). */
  baseUrl: string;
  tokenStore?: TokenStore;
  language?: () => Language;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  /** Asks the user for codes; resolves null when they cancel. Without it a 101 answer is thrown. */
  onTwoFactorRequired?: (challenge: TwoFactorChallenge) => Promise<TwoFactorInput | null>;
  /** Called once when a session could not be renewed and the token was cleared. */
  onSessionExpired?: (operationId: string) => void;
  /** Called when a call fails to reach the server, so the network monitor can react. */
  onConnectivityError?: (error: Error) => void;
  /**
   * The `Idempotency-Key` of a call to an operation flagged `idempotent` that names none in its options (the CLI
   * derives them from its run's key). Default: a new random key per call.
   */
  idempotencyKey?: (op: Route) => string;
  /**
   * The workspace calls act in (its id, sent as `X-Workspace`), or a function read on every call so a switcher can
   * change it; absent or null, the signed-in user's personal workspace.
   */
  workspace?: string | null | (() => string | null);
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Return a 101 answer to the caller instead of prompting for codes. */
  skipTwoFactor?: boolean;
  /**
   * The `Idempotency-Key` of this call to an operation flagged `idempotent` (a dialog passes the key it made when
   * it opened). The call's own repeats (a renewed session, a step-up) send the same key. A repeat answered "its
   * first call is still running" waits and asks again until that first call's outcome (`FIRST_OUTCOME_WAIT`).
   */
  idempotencyKey?: string;
}

type OperationCall<Op> =
  Op extends Operation<z.ZodType, infer O>
    ? // biome-ignore lint/complexity/noBannedTypes: "{}" is the input of an operation that takes nothing
      {} extends CallInput<Op>
      ? (input?: CallInput<Op>, options?: CallOptions) => Promise<z.output<O>>
      : (input: CallInput<Op>, options?: CallOptions) => Promise<z.output<O>>
    : never;

export type AreaClient<Area> = { [Name in keyof Area]: OperationCall<Area[Name]> };
export type ContractClient = { [Area in keyof Contract]: AreaClient<Contract[Area]> };

export interface ApiClient extends ContractClient {
  /** Calls any operation, typed by its descriptor or its typed route (`api.proxies.query`). */
  call<C extends Callable>(
    op: C,
    input?: CallableInput<C>,
    options?: CallOptions,
  ): Promise<CallableOutput<C>>;
  /**
   * Calls a `text-stream` operation (e.g. `proxies.export`) and resolves to the Response as soon as the answer
   * starts, its body unread: large exports can be piped or read chunk by chunk. Failures throw as `call` does. The
   * timeout covers the whole body, so give a long `timeoutMs` for big lists.
   */
  stream<C extends Callable>(op: C, input?: CallableInput<C>, options?: CallOptions): Promise<Response>;
  readonly session: SessionKeeper;
  readonly tokens: TokenStore;
}

/** Creates the API client used by the web app, the CLI and scripts. */
export function createApiClient(options: ClientOptions): ApiClient {
  const tokens = options.tokenStore ?? new MemoryTokenStore();
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const language = options.language ?? (() => 'ru' as const);

  const exchangeOnce = <T>(
    op: Route,
    input: Record<string, unknown>,
    callOptions: CallOptions & { rawStream?: boolean },
  ): Promise<T> => {
    const headers: Record<string, string> = { 'accept-language': languageTag(language()) };
    const token = tokens.get();
    if (token && !op.flags.public) headers.authorization = `Bearer ${token.accessToken}`;
    const workspace = typeof options.workspace === 'function' ? options.workspace() : options.workspace;
    if (workspace && !op.flags.public) headers[WORKSPACE_HEADER] = workspace;
    if (op.flags.idempotent && callOptions.idempotencyKey)
      headers[IDEMPOTENCY_KEY_HEADER] = callOptions.idempotencyKey;
    return send<T>(op, input, {
      baseUrl: options.baseUrl,
      fetch: fetchImpl,
      headers,
      timeoutMs: callOptions.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      signal: callOptions.signal,
      rawStream: callOptions.rawStream,
    });
  };

  // A repeat of a keyed call that meets the key's first call still running waits for that call's outcome.
  const exchange = <T>(
    op: Route,
    input: Record<string, unknown>,
    callOptions: CallOptions & { rawStream?: boolean },
  ): Promise<T> =>
    op.flags.idempotent
      ? awaitFirstOutcome(() => exchangeOnce<T>(op, input, callOptions), callOptions.signal)
      : exchangeOnce<T>(op, input, callOptions);

  const session = new SessionKeeper(
    tokens,
    () => exchange(routes.auth.refreshToken, {}, {}),
    options.now ?? Date.now,
  );

  // A server that answers "unavailable" (its database is unreachable) is reported too: the monitor then checks
  // `HEAD /`, which answers 503 until the database is back, and shows the outage.
  const reportConnectivity = (error: unknown) => {
    if (isConnectivityError(error) || isServiceUnavailable(error))
      options.onConnectivityError?.(error as Error);
  };

  const withSession = async <T>(op: Route, input: Record<string, unknown>, callOptions: CallOptions) => {
    if (!op.flags.public) await session.ensureFresh();
    try {
      return await exchange<T>(op, input, callOptions);
    } catch (error) {
      if (!isUnauthorized(error) || op.flags.skipUnauthorized) throw error;
    }
    if ((await session.refresh(true)) === 'rejected') {
      tokens.clear();
      options.onSessionExpired?.(op.id);
      throw new SessionExpiredError(op.id);
    }
    try {
      return await exchange<T>(op, input, callOptions);
    } catch (error) {
      if (isUnauthorized(error)) {
        tokens.clear();
        options.onSessionExpired?.(op.id);
        throw new SessionExpiredError(op.id);
      }
      throw error;
    }
  };

  const withTwoFactor = async <T>(op: Route, input: Record<string, unknown>, callOptions: CallOptions) => {
    let attempt = 0;
    let current = input;
    for (;;) {
      let refusal: unknown;
      try {
        return await withSession<T>(op, current, callOptions);
      } catch (error) {
        refusal = error;
      }
      const prompt = options.onTwoFactorRequired;
      if (!isTwoFactorFailure(refusal) || !prompt || op.flags.skipTwoFactor || callOptions.skipTwoFactor) {
        throw refusal;
      }
      const stepUp = stepUpOf(refusal);
      let challenge: ApiError = refusal;
      for (;;) {
        const codes = await prompt({
          operationId: op.id,
          requirements: requirementsOf(challenge),
          attempt,
          failed: attempt > 0 ? failedOf(challenge) : [],
          message: challenge.message,
          ...(stepUp ? { stepUp } : {}),
        });
        if (!codes) throw new TwoFactorCancelledError(op.id);
        attempt += 1;
        if (!stepUp) {
          current = { ...input, twoFactor: codes };
          break;
        }
        // A step-up confirms the session once, then the call is repeated as it was; a wrong code asks again.
        try {
          await withSession(routes.user.stepUp, { twoFactor: codes }, callOptions);
          break;
        } catch (failure) {
          if (!isTwoFactorFailure(failure)) throw failure;
          challenge = failure;
        }
      }
    }
  };

  const call = async (op: Route, input: unknown = {}, callOptions: CallOptions = {}) => {
    // The key is chosen once per call, so every repeat of this call below carries the same one.
    const keyed =
      op.flags.idempotent && !callOptions.idempotencyKey
        ? { ...callOptions, idempotencyKey: options.idempotencyKey?.(op) ?? newIdempotencyKey() }
        : callOptions;
    try {
      return await withTwoFactor(op, (input ?? {}) as Record<string, unknown>, keyed);
    } catch (error) {
      reportConnectivity(error);
      throw error;
    }
  };

  // Built from the routes, not the contract, so creating a client loads no schemas.
  const areas = Object.fromEntries(
    Object.entries(routes).map(([areaName, area]) => [
      areaName,
      Object.fromEntries(
        Object.entries(area as Record<string, Route>).map(([name, op]) => [
          name,
          (input?: unknown, callOptions?: CallOptions) => call(op, input, callOptions),
        ]),
      ),
    ]),
  ) as unknown as ContractClient;

  const stream = async (op: Route, input: unknown = {}, callOptions: CallOptions = {}) => {
    if (op.responseBody !== 'text-stream') throw new TypeError(`${op.id} does not answer with a text stream`);
    return call(op, input, { ...callOptions, rawStream: true } as CallOptions);
  };

  return Object.assign(areas, { call, stream, session, tokens }) as ApiClient;
}

function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.resultCode === ResultCode.Unauthorized;
}

function isTwoFactorFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.resultCode === ResultCode.TwoFactorFailed;
}

function requirementsOf(error: ApiError): TwoFactorRequirement[] {
  return requirementListOf(error.errorDetails?.requirements);
}

function failedOf(error: ApiError): TwoFactorRequirement[] {
  return requirementListOf(error.errorDetails?.failed);
}

function requirementListOf(list: unknown): TwoFactorRequirement[] {
  return Array.isArray(list) ? (list.filter((r) => typeof r === 'string') as TwoFactorRequirement[]) : [];
}

/** The step-up purpose of a 101 answer, when it asks the session to step up rather than for codes in the call. */
function stepUpOf(error: ApiError): StepUpPurpose | null {
  const purpose = error.errorDetails?.stepUp;
  return typeof purpose === 'string' && (STEP_UP_PURPOSES as readonly string[]).includes(purpose)
    ? (purpose as StepUpPurpose)
    : null;
}

function isServiceUnavailable(error: unknown): error is ApiError {
  return error instanceof ApiError && error.resultCode === ResultCode.ServiceUnavailable;
}
