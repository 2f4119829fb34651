import { type OperationClass, roleAllows } from '@tradedeck/sdk/contract';
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkspaceRole } from './use-workspaces.ts';

/** Whether the role in the active workspace may call operations of a class, and the reason shown when not. */
export interface ActGate {
  allowed: boolean;
  reason: string | undefined;
}

/**
 * The one check of the panel's buttons against the role, by the classes the server enforces
 * (`operation-classes.ts`): screens name what an action needs, never the roles.
 */
export function useActGate(needs: OperationClass = 'act'): ActGate {
  const { t } = useTranslation();
  const role = useWorkspaceRole();
  if (roleAllows(role, needs)) return { allowed: true, reason: undefined };
  return {
    allowed: false,
    reason: role === 'viewer' ? t('workspaces.readOnlyReason') : t('workspaces.ownerOnlyReason'),
  };
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
