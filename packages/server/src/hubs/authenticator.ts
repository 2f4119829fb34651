export interface HubUser {
  userId: string;
  /**
   * The device session the credentials belong to. When that session ends (logout, revoke, password change, ban)
   * its connections are closed, on every server process.
   */
  sessionId?: string;
  /**
   * When the presented credentials expire (milliseconds since the epoch). A connection still open then is closed
   * with reconnect allowed, so the client comes back with a fresh token.
   */
  expiresAt?: number;
  /**
   * Whether the member behind the connection may see an event, for members limited to tags (undefined: every
   * event of the workspace). An event it may not see goes out withheld, as its version alone.
   */
  sees?: EventScope;
}

/** Answers whether one event (by hub, name and payload) is within what the connection's member may see. */
export type EventScope = (hub: string, eventName: string, payload: unknown) => Promise<boolean>;

/**
 * The port through which hubs learn who is connecting: given the bearer token from the `Authorization` header or
 * the `access_token` query parameter (null when neither was sent) and the `workspace` query parameter (null: the
 * personal workspace), answer the user with `userId` the workspace whose events it receives, or null to refuse
 * (a workspace the user is not a member of is refused like a wrong token).
 */
export type HubAuthenticator = (token: string | null, workspace?: string | null) => Promise<HubUser | null>;

/** Until an authenticator is set, every hub connection is refused. */
export const refuseEveryone: HubAuthenticator = async () => null;

export function bearerToken(authorization: string | undefined, queryToken: string | null): string | null {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  if (match) return match[1]!;
  return queryToken || null;
}
