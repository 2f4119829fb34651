/** The frame of the public status pages (offline, maintenance). */
export function StatusLayout({ badge, children }: { badge: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center text-slate-800 dark:bg-slate-950 dark:text-slate-100">
      <p aria-hidden className="text-6xl">
        {badge}
      </p>
      {children}
    </main>
  );
}
