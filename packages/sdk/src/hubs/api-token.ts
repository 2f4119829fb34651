import type { ApiClient } from '../client/api-client.ts';

/**
 * The hub access-token factory for an app that already has an API client: refreshes the session when the token
 * is close to expiry (the same single-flight refresh as API calls), then hands over the current token.
 */
export function accessTokenFromApiClient(
  client: Pick<ApiClient, 'session' | 'tokens'>,
): () => Promise<string | null> {
  return async () => {
    try {
      await client.session.ensureFresh();
    } catch {
      // A failed refresh leaves the old token; the server's refusal then shows up as a failed start.
    }
    return client.tokens.get()?.accessToken ?? null;
  };
}
