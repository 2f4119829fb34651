import { useQueryClient } from '@tanstack/react-query';
import { api, type Workspace, type WorkspaceRole } from '@tradedeck/sdk/contract';
import { useCallback, useEffect } from 'react';
import { useServices } from '../app-services.tsx';
import { useOperationQuery } from '../queries/operation-query.ts';
import { useStore } from '../use-store.ts';

/** The signed-in user's workspaces (personal first); the answer does not depend on the active one. */
export function useMyWorkspaces() {
  return useOperationQuery(api.workspace.listMine, {}, { staleTime: 60_000 });
}

/**
 * The active workspace as the switcher shows it (the personal one while the list loads or when the remembered
 * one is gone), and the switch: every cached answer belonged to the old workspace, so the cache is emptied and
 * the screen reads again; live views reconnect to the new workspace's hubs.
 */
export function useActiveWorkspace() {
  const services = useServices();
  const { workspace } = services;
  const queryClient = useQueryClient();
  const id = useStore(workspace.subscribe, () => workspace.id);
  const mine = useMyWorkspaces();
  const items = mine.data?.items;
  const active: Workspace | null = (id ? items?.find((w) => w.id === id) : items?.[0]) ?? null;

  const switchTo = useCallback(
    (next: Workspace | null) => {
      // The personal workspace is what no header means: nothing to remember.
      const nextId = next && next.kind === 'team' ? next.id : null;
      if (nextId === workspace.id) return;
      workspace.set(nextId);
      // Reset, not just marked stale: no screen may show the old workspace's rows while the new ones load.
      void queryClient.resetQueries({
        predicate: (query) => query.queryKey[0] !== api.workspace.listMine.id,
      });
    },
    [workspace, queryClient],
  );

  // A remembered workspace the user no longer belongs to (left, removed): back to the personal one.
  useEffect(() => {
    if (id && items && !items.some((w) => w.id === id)) switchTo(null);
  }, [id, items, switchTo]);

  return { id, active, items: items ?? [], query: mine, switchTo };
}

/** The role in the active workspace; the personal workspace's owner while the list loads. */
export function useWorkspaceRole(): WorkspaceRole {
  return useActiveWorkspace().active?.role ?? 'owner';
}
