import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }));

/**
 * {@link ConfirmDialog} loaded the first time it opens (its dialog runtime stays out of a page's
 * first load), then kept mounted so it closes, and gives focus back, like the eager one.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
