import { useEffect, useRef } from 'react';
import { notifyError } from './notify.ts';

/**
 * Spec §8: a failed load shows the server's msg as a toast. The ref keeps it to one toast per failure, even
 * when React runs the effect twice in development or the component re-renders with the same error.
 */
export function useErrorToast(error: unknown) {
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    notifyError(error);
  }, [error]);
}
