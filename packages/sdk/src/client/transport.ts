import type { Envelope } from '../contract/envelope.ts';
import { inputInQuery, pathParams } from '../contract/http-path.ts';
import type { UploadFile } from '../contract/operation.ts';
import type { Route } from '../contract/routes.ts';
import { ApiError, NetworkError, TimeoutError } from './errors.ts';

export interface RequestOptions {
  baseUrl: string;
  fetch: typeof fetch;
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** For a `text-stream` operation: resolve to the Response (its body still unread) instead of the text. */
  rawStream?: boolean | undefined;
}

/** Splits an operation's input into the URL (path parameters, query string) and the JSON body. */
export function buildRequest(
  op: Route,
  input: Record<string, unknown>,
  baseUrl: string,
): { url: string; body: string | FormData | undefined } {
  const rest = { ...input };
  let path: string = op.path;
  for (const name of pathParams(op.path)) {
    const value = rest[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${op.id}: path parameter "${name}" is required`);
    }
    path = path.replace(`:${name}`, encodeURIComponent(String(value)));
    delete rest[name];
  }
  const url = new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  if (op.requestBody === 'multipart') {
    // Files travel as form data under `files`; every other field in the query string.
    const files = (rest.files ?? []) as UploadFile[];
    delete rest.files;
    for (const [key, value] of Object.entries(rest)) appendQuery(url.searchParams, key, value);
    const form = new FormData();
    for (const file of files)
      form.append(
        'files',
        file.data instanceof Blob ? file.data : new Blob([file.data as Uint8Array<ArrayBuffer>]),
        file.name,
      );
    return { url: url.toString(), body: form };
  }
  if (inputInQuery(op.method)) {
    for (const [key, value] of Object.entries(rest)) appendQuery(url.searchParams, key, value);
    return { url: url.toString(), body: undefined };
  }
  return { url: url.toString(), body: JSON.stringify(rest) };
}

function appendQuery(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(params, key, item);
    return;
  }
  params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** Performs one HTTP exchange and unwraps the envelope into data or a thrown {@link ApiError}. */
export async function send<T>(
  op: Route,
  input: Record<string, unknown>,
  options: RequestOptions,
): Promise<T> {
  const { url, body } = buildRequest(op, input, options.baseUrl);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // Form data sets its own content type (with the boundary).
  if (typeof body === 'string') headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await options.fetch(url, { method: op.method, headers, body, signal, credentials: 'include' });
  } catch (error) {
    throw classifyFailure(op.id, error, timeout, options);
  }

  // A text-stream success is plain text; its failures still come as the envelope below.
  if (op.responseBody === 'text-stream' && response.ok && isPlainText(response)) {
    if (options.rawStream) return response as T;
    try {
      return (await response.text()) as T;
    } catch (error) {
      throw classifyFailure(op.id, error, timeout, options);
    }
  }

  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError(op.id, options.timeoutMs);
    if (options.signal?.aborted) throw error;
  }
  if (envelope && typeof envelope === 'object' && 'success' in envelope) {
    if (envelope.success) return envelope.data;
    throw new ApiError(op.id, response.status, envelope.error);
  }
  throw new ApiError(op.id, response.status, null);
}

function isPlainText(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/plain');
}

function classifyFailure(operationId: string, error: unknown, timeout: AbortSignal, options: RequestOptions) {
  if (options.signal?.aborted) return error;
  if (timeout.aborted) return new TimeoutError(operationId, options.timeoutMs);
  return new NetworkError(operationId, error);
}
