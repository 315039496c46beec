import { type KeyboardEvent, useCallback, useState } from 'react';

/** Spec §5: password fields warn while caps lock is on, read from the keys typed into them. */
export function useCapsLock() {
  const [capsLockOn, setCapsLockOn] = useState(false);
  const track = useCallback((event: KeyboardEvent<HTMLElement>) => {
    setCapsLockOn(event.getModifierState('CapsLock'));
  }, []);
  return { capsLockOn, keyHandlers: { onKeyDown: track, onKeyUp: track } };
}
