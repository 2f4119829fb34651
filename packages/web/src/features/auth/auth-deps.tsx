import type { ApiClient } from '@tradedeck/sdk/client';
import { createContext, type ReactNode, useContext } from 'react';

interface AuthPagesDeps {
  client: ApiClient;
  /** Where to go after signing in (the remembered path, else the panel). */
  afterSignIn?: (redirect: string | null) => string;
}

const Context = createContext<AuthPagesDeps | null>(null);

/** The app provides the API client to the auth pages through this provider. */
export function AuthPagesProvider({ value, children }: { value: AuthPagesDeps; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAuthDeps(): AuthPagesDeps {
  const deps = useContext(Context);
  if (!deps) throw new Error('AuthPagesProvider is missing');
  return deps;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/panel/dashboard';
}
