import { QueryClient } from '@tanstack/react-query';
import {
  type ApiClient,
  BrowserStorageTokenStore,
  createApiClient,
  describeError,
} from '@tradedeck/sdk/client';
import type { GlobalSearchResult } from '@tradedeck/sdk/contract';
import { createHeadProbe, NetworkMonitor } from '@tradedeck/sdk/network';
import type { i18n } from 'i18next';
import { type ReactNode, useContext } from 'react';
import { emailCodePurpose, TwoFactorPrompt } from '../ui/two-factor-prompt.tsx';
import { AppearanceStore } from './appearance/appearance-store.ts';
import { CommandRuntime } from './commands/command-runtime.ts';
import type { CommandDef } from './commands/command-types.ts';
import { HotkeyService } from './commands/hotkey-service.ts';
import { ModalStack } from './modals/modal-stack.ts';
import { StackContext } from './modals/stack-context.ts';
import { PaletteStore } from './palette/palette-store.ts';
import { SearchCache } from './palette/search-cache.ts';
import { safeStorage } from './safe-storage.ts';
import { ServicesContext } from './services-context.ts';
import { SessionState } from './session/session-state.ts';
import { ToastStore } from './toasts/toast-store.ts';
import { languageOf } from './use-language.ts';
import { ActiveWorkspace } from './workspace/active-workspace.ts';

/** Everything the shell shares with pages: one instance per app. */
export interface AppServices {
  i18n: i18n;
  client: ApiClient;
  session: SessionState;
  /** The workspace calls and live views act in (the switcher sets it). */
  workspace: ActiveWorkspace;
  monitor: NetworkMonitor;
  toasts: ToastStore;
  modals: ModalStack;
  appearance: AppearanceStore;
  commands: CommandRuntime;
  hotkeys: HotkeyService;
  queryClient: QueryClient;
  searchCache: SearchCache<GlobalSearchResult>;
  palette: PaletteStore;
  /** The second-factor dialog for any call the server answers with 101 (rendered once by the shell). */
  twoFactor: TwoFactorPrompt;
  /** Set by the router host; hooks for the client's callbacks that need to move the user. */
  events: {
    onSessionExpired(): void;
  };
}

/** The services of one app over the given commands (`app/app-services.ts` passes every area's). */
export function createServices(
  i18n: i18n,
  definitions: readonly CommandDef[],
  origin = window.location.origin,
  fetchImpl?: typeof fetch,
): AppServices {
  const storage = safeStorage();
  const tokenStore = new BrowserStorageTokenStore(
    storage ?? { getItem: () => null, setItem: () => {}, removeItem: () => {} },
  );
  const monitor = new NetworkMonitor({ probe: createHeadProbe(origin, fetchImpl) });
  const events = { onSessionExpired: () => {} };
  const toasts = new ToastStore();
  const workspace = new ActiveWorkspace(storage);
  // Step-up prompts take e-mailed codes of their own purpose; the server mails the first one with its answer.
  const twoFactor = new TwoFactorPrompt(async (challenge) => {
    await client.user.requestTwoFactor({ purpose: emailCodePurpose(challenge) });
  });
  const client = createApiClient({
    baseUrl: origin,
    tokenStore,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    language: () => languageOf(i18n.language),
    workspace: () => workspace.id,
    onTwoFactorRequired: twoFactor.ask,
    onSessionExpired: () => events.onSessionExpired(),
    onConnectivityError: (error) => {
      // A refused connection means offline at once; a slow answer only earns a check.
      if (error.name !== 'NetworkError') return void monitor.checkNow();
      toasts.show({ kind: 'error', text: describeError(error, languageOf(i18n.language)) });
      monitor.reportOffline();
    },
  });
  const runtime = new CommandRuntime(storage, definitions);
  return {
    i18n,
    client,
    session: new SessionState(client),
    workspace,
    monitor,
    toasts,
    modals: new ModalStack(),
    appearance: new AppearanceStore(),
    commands: runtime,
    hotkeys: new HotkeyService(definitions, (id) => {
      const def = runtime.definition(id);
      return def !== undefined && runtime.runDefined(def);
    }),
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 15_000 } },
    }),
    searchCache: new SearchCache(),
    palette: new PaletteStore(),
    twoFactor,
    events,
  };
}

export { ServicesContext, safeStorage };

/** Gives pages the app's services, and the modal stack to dialogs that draw themselves. */
export function ServicesProvider({ value, children }: { value: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={value}>
      <StackContext.Provider value={value}>{children}</StackContext.Provider>
    </ServicesContext.Provider>
  );
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
