/**
 * A message carried across a full page load (sign-out, session expiry, the route guard's notice), shown once
 * by the sign-in page. It is written after the session storage is cleared, so it survives the clearing.
 */
const FLASH_KEY = 'parcelops.flash';

export type FlashTone = 'info' | 'error' | 'success';
export interface Flash {
  message: string;
  tone: FlashTone;
}

export function setFlash(message: string, tone: FlashTone = 'info') {
  sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, tone }));
}

/**
 * Sets the flash only when none is waiting: a notice written just before (sign-out, session expiry) explains
 * the redirect better than the route guard's generic one, which fires as the session disappears.
 */
export function setFlashUnlessPending(message: string, tone: FlashTone = 'info') {
  if (sessionStorage.getItem(FLASH_KEY) === null) setFlash(message, tone);
}

export function takeFlash(): Flash | null {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return null;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    return JSON.parse(raw) as Flash;
  } catch {
    return null;
  }
}
