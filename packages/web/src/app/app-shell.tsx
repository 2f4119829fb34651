import { contract, type Operation } from '@tradedeck/sdk/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { safeStorage, useServices } from '../shared/app-services.tsx';
import { openCheatSheet } from '../shared/commands/cheat-sheet.tsx';
import { changeLanguage } from '../shared/language.ts';
import { ModalHost } from '../shared/modals/modal-host.tsx';
import { NetworkStatus } from '../shared/network/network-status.tsx';
import { useNetworkHost } from '../shared/network/use-network-host.ts';
import { CommandPalette } from '../shared/palette/command-palette.tsx';
import { loginUrl } from '../shared/session/session-state.ts';
import { ToastHost } from '../shared/toasts/toast-host.tsx';
import { useMaintenanceCheck } from './use-maintenance-check.ts';

/** The root of every route: wires commands, hotkeys, network and session handling, and the global layers. */
export function AppShell() {
  const services = useServices();
  const navigate = useNavigate();
  const { i18n, t } = useTranslation();
  useNetworkHost();
  useMaintenanceCheck();

  useEffect(() => {
    const { commands, appearance, session, modals, palette } = services;
    commands.context = {
      navigate: (path) => navigate(path),
      openPalette: (page) => palette.open(page),
      openCheatSheet: () => openCheatSheet(services),
      setTheme: (theme) => appearance.update({ theme }),
      toggleSidebar: () => appearance.update({ sidebarCollapsed: !appearance.value.sidebarCollapsed }),
      toggleWidth: () => appearance.update({ width: appearance.value.width === 'fluid' ? 'boxed' : 'fluid' }),
      toggleSkin: () =>
        appearance.update({ skin: appearance.value.skin === 'default' ? 'bordered' : 'default' }),
      setLanguage: (language) => changeLanguage(i18n, language, services),
      logout: () => {
        const logout = findLogout();
        if (logout) void services.client.call(logout).catch(() => {});
        session.signOut();
        navigate('/auth/login');
      },
      isSignedIn: () => session.isSignedIn(),
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

  useEffect(() => {
    services.events.onSessionExpired = () => {
      const path = `${window.location.pathname}${window.location.search}`;
      if (services.session.takeNoticeSlot()) {
        services.toasts.show({ kind: 'warning', text: t('session.expired'), long: true });
      }
      if (services.session.takeRedirectSlot(safeStorage('sessionStorage'))) {
        navigate(loginUrl(path, true), { replace: true });
      }
    };
  }, [services, navigate, t]);

  return (
    <>
      <Outlet />
      <ModalHost />
      <CommandPalette />
      <ToastHost />
      <NetworkStatus />
    </>
  );
}

/** auth.logout once the auth area declares it; signing out always clears the token in this browser. */
function findLogout(): Operation | undefined {
  return (contract.auth as Record<string, Operation>).logout;
}
