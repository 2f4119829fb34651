import { useTranslation } from 'react-i18next';

/** A member's access: its tags as chips, or "all accounts and proxies" when it has no limit. */
export function ScopeTags({ tags }: { tags: readonly string[] | null }) {
  const { t } = useTranslation();
  if (tags === null) return <span className="text-muted">{t('workspaces.allAccounts')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-slate-200 px-1.5 py-0.5 text-xs dark:bg-slate-700">
          {tag}
        </span>
      ))}
    </span>
  );
}
