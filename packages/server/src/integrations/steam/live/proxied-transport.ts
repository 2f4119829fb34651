/**
 * steam-session transport for the WebAPI login service, sent through the account's proxy agent to a
 * configurable API base (api.steampowered.com in production, a loopback fake in tests). It speaks the same
 * wire as the library's own WebAPI transport: protobuf bodies base64-encoded as `input_protobuf_encoded`,
 * the result in the `x-eresult` header.
 */
import { randomBytes } from 'node:crypto';
import type { Agent } from 'node:http';
import type { ApiRequest, ApiResponse, ITransport } from 'steam-session';
import { proxiedRequest, SteamRequestError } from './proxied-request.ts';

/** Read-only methods Steam expects as GET; everything else is POST. */
const GET_METHODS = new Set(['IAuthenticationService/GetPasswordRSAPublicKey/v1']);

export class ProxiedWebApiTransport implements ITransport {
  constructor(
    private readonly apiBase: string,
    private readonly agent: Agent,
    private readonly timeoutMs: number,
    private readonly ca?: string,
  ) {}

  async sendRequest(request: ApiRequest): Promise<ApiResponse> {
    const path = `I${request.apiInterface}Service/${request.apiMethod}/v${request.apiVersion}`;
    const method = GET_METHODS.has(path) ? 'GET' : 'POST';
    const url = new URL(`${this.apiBase.replace(/\/$/, '')}/${path}/`);
    const headers: Record<string, string> = { ...(request.headers ?? {}) };
    if (request.accessToken) url.searchParams.set('access_token', request.accessToken);
    const encoded =
      request.requestData && request.requestData.length > 0
        ? Buffer.from(request.requestData).toString('base64')
        : null;
    let body: Buffer | undefined;
    if (method === 'GET') {
      if (encoded) url.searchParams.set('input_protobuf_encoded', encoded);
      // The mobile app marks its GETs this way.
      if ((headers.cookie ?? '').includes('mobileClientVersion='))
        url.searchParams.set('origin', 'SteamMobile');
    } else if (encoded) {
      const form = multipartForm({ input_protobuf_encoded: encoded });
      body = form.body;
      headers['content-type'] = form.contentType;
    }
    const response = await proxiedRequest({
      method,
      url: url.toString(),
      headers,
      body,
      agent: this.agent,
      timeoutMs: this.timeoutMs,
      ca: this.ca,
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new SteamRequestError({ kind: 'unknown' }, `Steam WebAPI answered HTTP ${response.statusCode}`);
    }
    const answer: ApiResponse = {};
    const eresult = response.headers['x-eresult'];
    if (typeof eresult === 'string') answer.result = Number.parseInt(eresult, 10);
    const errorMessage = response.headers['x-error_message'];
    if (typeof errorMessage === 'string') answer.errorMessage = errorMessage;
    if (response.body.length > 0) answer.responseData = response.body;
    return answer;
  }

  close(): void {
    // The agent belongs to the pool and outlives one login.
  }
}

function multipartForm(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----tradedeck${randomBytes(12).toString('hex')}`;
  let text = '';
  for (const [name, value] of Object.entries(fields)) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  text += `--${boundary}--\r\n`;
  return { body: Buffer.from(text), contentType: `multipart/form-data; boundary=${boundary}` };
}
