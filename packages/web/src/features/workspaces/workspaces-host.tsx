import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useNavigate } from 'react-router';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';

/** Mounted once in the shell: the palette's and the switcher's workspace commands, on every screen. */
export function WorkspacesHost() {
  const { modals } = useServices();
  const navigate = useNavigate();
  useCommandHandlers('workspaces', 'shell', {
    audit: () => void navigate('/panel/workspace/audit'),
    // The dialog loads the first time it opens; a created workspace opens on its members page.
    create: () =>
      void import('./create-dialog.tsx')
        .then(({ CreateWorkspaceDialog }) =>
          modals.open((controls) => <CreateWorkspaceDialog controls={controls} />, {
            width: MODAL_WIDTHS.batchTags,
          }),
        )
        .then(
          (created) => {
            if (created) void navigate('/panel/workspace/members');
          },
          () => {},
        ),
  });
  return null;
}
