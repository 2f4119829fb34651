import type { WorkspaceRole } from '@tradedeck/sdk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLY_BUTTON, FIELD_LABEL } from '../../shared/form-styles.ts';
import { CancelButton } from '../../shared/modals/cancel-button.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';

type MemberRole = Exclude<WorkspaceRole, 'owner'>;

export interface MemberChoice {
  email: string;
  role: MemberRole;
  /** Null: every account and proxy of the workspace. */
  scopeTags: string[] | null;
}

const INPUT =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900';

/** Tags typed comma-separated, trimmed, each once (names compare without case, as the scope does). */
export function parseScopeTags(text: string): string[] | null {
  const seen = new Set<string>();
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '' && !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()));
  return tags.length === 0 ? null : tags;
}

/**
 * The role and access tags of a member: for an invitation (with the address) or for a change of an existing
 * member (`email` fixed). Resolves the modal with the choice; the page makes the call.
 */
export function MemberFormDialog({
  controls,
  title,
  submitLabel,
  initial,
  askEmail,
}: {
  controls: ModalControls;
  title: string;
  submitLabel: string;
  initial: MemberChoice;
  askEmail: boolean;
}) {
  const { t } = useTranslation();
  const ids = { form: useId(), email: useId(), role: useId(), tags: useId() };
  const [email, setEmail] = useState(initial.email);
  const [role, setRole] = useState<MemberRole>(initial.role);
  const [tags, setTags] = useState((initial.scopeTags ?? []).join(', '));
  const ready = !askEmail || /\S+@\S+\.\S+/.test(email.trim());
  return (
    <ModalFrame
      title={title}
      onClose={controls.dismiss}
      footer={
        <>
          <CancelButton onClick={controls.dismiss} />
          <button type="submit" form={ids.form} className={APPLY_BUTTON} disabled={!ready}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form
        id={ids.form}
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) controls.close({ email: email.trim(), role, scopeTags: parseScopeTags(tags) });
        }}
      >
        {askEmail && (
          <div className="space-y-1">
            <label htmlFor={ids.email} className={FIELD_LABEL}>
              {t('workspaces.email')}
            </label>
            <input
              id={ids.email}
              type="email"
              data-autofocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              className={INPUT}
            />
            <p className="text-xs text-muted">{t('workspaces.inviteHint')}</p>
          </div>
        )}
        <div className="space-y-1">
          <label htmlFor={ids.role} className={FIELD_LABEL}>
            {t('workspaces.role')}
          </label>
          <select
            id={ids.role}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
            className={INPUT}
          >
            <option value="operator">{t('workspaces.roles.operator')}</option>
            <option value="viewer">{t('workspaces.roles.viewer')}</option>
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.tags} className={FIELD_LABEL}>
            {t('workspaces.tags')}
          </label>
          <input
            id={ids.tags}
            value={tags}
            onChange={(event) => setTags(event.target.value)}
            className={INPUT}
          />
          <p className="text-xs text-muted">{t('workspaces.tagsHint')}</p>
        </div>
      </form>
    </ModalFrame>
  );
}
