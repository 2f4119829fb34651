import { useTranslation } from 'react-i18next';
import { useWorkspaceRole } from '../shared/workspace/use-workspaces.ts';

/** Above every screen of a workspace where the user is a viewer: the data is there, the actions are not. */
export function ViewerNotice() {
  const { t } = useTranslation();
  if (useWorkspaceRole() !== 'viewer') return null;
  return (
    <p
      role="status"
      data-testid="viewer-notice"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 md:px-6 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      {t('workspaces.readOnly')}
    </p>
  );
}
