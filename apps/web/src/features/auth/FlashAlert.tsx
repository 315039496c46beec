import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Flash, type FlashTone, takeFlash } from '../../lib/flash.ts';
import { useKnownMessage } from './known-message.ts';

const COLORS: Record<FlashTone, string> = { error: 'red', success: 'green', info: 'blue' };

/** Shows, once, the notice left by whatever sent the visitor here (sign-out, session expiry, login guard). */
export function FlashAlert() {
  const [flash, setFlashState] = useState<Flash | null>(null);
  const known = useKnownMessage();

  useEffect(() => {
    // Taking it in an effect (not during render) keeps React's doubled renders from consuming it unseen.
    const taken = takeFlash();
    if (taken) setFlashState(taken);
  }, []);

  if (!flash) return null;
  return (
    <Alert color={COLORS[flash.tone]} role="alert" withCloseButton onClose={() => setFlashState(null)}>
      {known(flash.message)}
    </Alert>
  );
}
