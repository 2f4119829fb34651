import type { ApiClient } from '@tradedeck/sdk/client';
import { createContext, type ReactNode, useContext } from 'react';

const Context = createContext<ApiClient | null>(null);

/** The app provides the API client to the profile pages through this provider. */
export function ProfilePagesProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <Context.Provider value={client}>{children}</Context.Provider>;
}

export function useProfileClient(): ApiClient {
  const client = useContext(Context);
  if (!client) throw new Error('ProfilePagesProvider is missing');
  return client;
}
