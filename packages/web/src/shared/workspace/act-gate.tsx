import { type OperationClass, roleAllows, type WorkspaceRole } from '@tradedeck/sdk/contract';
import type { TFunction } from 'i18next';
import { type ButtonHTMLAttributes, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app-services.tsx';
import { useWorkspaceRole } from './use-workspaces.ts';

/** Whether the role in the active workspace may call operations of a class, and the reason shown when not. */
export interface ActGate {
  allowed: boolean;
  reason: string | undefined;
}

/** Why `role` may not call operations of the class, in the panel's words; undefined when it may. */
function refusalOf(role: WorkspaceRole, needs: OperationClass, t: TFunction): string | undefined {
  if (roleAllows(role, needs)) return undefined;
  return role === 'viewer' ? t('workspaces.readOnlyReason') : t('workspaces.ownerOnlyReason');
}

/**
 * The one check of the panel's buttons against the role, by the classes the server enforces
 * (`operation-classes.ts`): screens name what an action needs, never the roles.
 */
export function useActGate(needs: OperationClass = 'act'): ActGate {
  const { t } = useTranslation();
  const reason = refusalOf(useWorkspaceRole(), needs, t);
  return { allowed: reason === undefined, reason };
}

/**
 * The same check for the palette and the hotkeys, following the role as the active workspace changes: a command
 * that `needs` what the role may not do shows disabled with the reason, and its hotkey tells the reason.
 */
export function useCommandGate(): void {
  const { commands } = useServices();
  const { t } = useTranslation();
  const role = useWorkspaceRole();
  useEffect(() => commands.setGate((needs) => refusalOf(role, needs, t)), [commands, role, t]);
}

type ActButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { needs?: OperationClass };

/**
 * A button of an action: disabled for a role that may not take it, with the reason as its title (the server
 * would refuse the call with 104; the button says so before it is pressed).
 */
export function ActButton({ needs, disabled, title, ...props }: ActButtonProps) {
  const gate = useActGate(needs);
  return (
    <button type="button" {...props} disabled={!gate.allowed || disabled} title={gate.reason ?? title} />
  );
}
