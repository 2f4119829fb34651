import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { TransferHost } from '../features/transfer/transfer-host.tsx';
import { WorkspacesHost } from '../features/workspaces/workspaces-host.tsx';
import { useServices } from '../shared/app-services.tsx';
import { disconnectHubs } from '../shared/hubs/load-hub-connection.ts';
import { changeLanguage } from '../shared/language.ts';
import { ModalHost } from '../shared/modals/modal-host.tsx';
import { NetworkStatus } from '../shared/network/network-status.tsx';
import { useNetworkHost } from '../shared/network/use-network-host.ts';
import { CommandPalette } from '../shared/palette/command-palette.tsx';
import { ToastHost } from '../shared/toasts/toast-host.tsx';
import { TwoFactorPromptHost } from '../ui/two-factor-prompt.tsx';
import { useSessionExpiryWiring } from './auth-wiring.tsx';
import { useMaintenanceCheck } from './use-maintenance-check.ts';

/** The root of every route: wires commands, hotkeys, network and session handling, and the global layers. */
export function AppShell() {
  const services = useServices();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  useNetworkHost();
  useSessionExpiryWiring();
  useMaintenanceCheck();

  useEffect(() => {
    const { commands, appearance, session, modals, palette } = services;
    commands.context = {
      navigate: (path) => navigate(path),
      openPalette: (page) => palette.open(page),
      // The `?` sheet (and its layout-forgiving filter) downloads when first asked for.
      openCheatSheet: () =>
        void import('../shared/commands/cheat-sheet.tsx').then((m) => m.openCheatSheet(services)),
      setTheme: (theme) => appearance.update({ theme }),
      toggleSidebar: () => appearance.update({ sidebarCollapsed: !appearance.value.sidebarCollapsed }),
      toggleWidth: () => appearance.update({ width: appearance.value.width === 'fluid' ? 'boxed' : 'fluid' }),
      toggleSkin: () =>
        appearance.update({ skin: appearance.value.skin === 'default' ? 'bordered' : 'default' }),
      setLanguage: (language) => changeLanguage(i18n, language, services),
      // The server ends this device session (bearer and cookie); the token goes whatever the answer. The live
      // views' hub connections close first, so none is refused by the ended session.
      logout: () => {
        void disconnectHubs()
          .then(() => services.client.auth.logout({}))
          .catch(() => {})
          .finally(() => {
            session.signOut();
            // The next user of this browser starts in their own personal workspace.
            services.workspace.set(null);
            services.queryClient.clear();
            navigate('/auth/login');
          });
      },
      isSignedIn: () => session.isSignedIn(),
      refused: (reason) => services.toasts.show({ kind: 'info', text: reason }),
    };
    const unregister = commands.register('dialog.close', () => {
      modals.escape();
    });
    const detach = services.hotkeys.attach();
    return () => {
      unregister();
      detach();
    };
  }, [services, navigate, i18n]);

  return (
    <>
      <Outlet />
      <ModalHost />
      <TwoFactorPromptHost prompt={services.twoFactor} />
      <TransferHost />
      <WorkspacesHost />
      <CommandPalette />
      <ToastHost />
      <NetworkStatus />
    </>
  );
}
