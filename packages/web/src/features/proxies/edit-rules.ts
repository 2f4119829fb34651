/** What the view dialog starts from: the stored name and credentials (the password itself is never sent back). */
export interface EditInitial {
  name: string | null;
  username: string | null;
  hasPassword: boolean;
}

interface EditDraft {
  name: string;
  username: string;
  /** Empty means "keep the stored password" while the login stays the same. */
  password: string;
}

type CredentialsChange =
  | { kind: 'none' }
  | { kind: 'set'; credentials: { username: string; password: string } | null }
  | { kind: 'invalid'; reason: 'passwordWithoutLogin' | 'passwordAgain' };

interface EditPlan {
  /** The new name (null clears it) when it changed. */
  name: { changed: false } | { changed: true; value: string | null };
  credentials: CredentialsChange;
  /** Save is enabled only when the name or the credentials changed, and the change is valid. */
  canSave: boolean;
}

export function initialDraft(initial: EditInitial): EditDraft {
  return { name: initial.name ?? '', username: initial.username ?? '', password: '' };
}

/**
 * The spec's edit rule: Save only when the name or the credentials changed; credentials go as null when both
 * login and password are empty. A stored password is never shown, so an empty password field keeps it — but a
 * new login needs its password typed again (or none, for a login-only proxy that had no password).
 */
export function planEdit(initial: EditInitial, draft: EditDraft): EditPlan {
  const name = draft.name.trim();
  const nameChanged = name !== (initial.name ?? '').trim();
  const credentials = credentialsChange(initial, draft);
  const credentialsChanged = credentials.kind !== 'none';
  return {
    name: nameChanged ? { changed: true, value: name === '' ? null : name } : { changed: false },
    credentials,
    canSave: (nameChanged || credentialsChanged) && credentials.kind !== 'invalid',
  };
}

function credentialsChange(initial: EditInitial, draft: EditDraft): CredentialsChange {
  const username = draft.username.trim();
  const stored = initial.username ?? '';
  const password = draft.password;
  if (username === '' && password === '') {
    return stored === '' ? { kind: 'none' } : { kind: 'set', credentials: null };
  }
  if (username === '') return { kind: 'invalid', reason: 'passwordWithoutLogin' };
  if (password !== '') return { kind: 'set', credentials: { username, password } };
  if (username === stored) return { kind: 'none' };
  if (initial.hasPassword) return { kind: 'invalid', reason: 'passwordAgain' };
  return { kind: 'set', credentials: { username, password: '' } };
}
