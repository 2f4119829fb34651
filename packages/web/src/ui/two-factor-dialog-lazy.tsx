import { type ComponentProps, lazy, Suspense, useState } from 'react';
import type { TwoFactorDialog } from './two-factor-dialog.tsx';

const Dialog = lazy(() => import('./two-factor-dialog.tsx').then((m) => ({ default: m.TwoFactorDialog })));

/**
 * The two-factor dialog, downloaded the first time it opens: most visits never see it (a user without a second
 * factor, a session that asks for none). Once in, it stays mounted and behaves as `TwoFactorDialog`.
 */
export function LazyTwoFactorDialog(props: ComponentProps<typeof TwoFactorDialog>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
