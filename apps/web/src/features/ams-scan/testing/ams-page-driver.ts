/** How the Create AMS page's tests drive it: a handheld scanner's keystrokes, the AMS choice, the carton. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** A handheld scanner: the code's characters and Enter in quick succession, on no particular element. */
export function scanCode(code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(document.body, { key });
}

export const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
export const banner = () => screen.getByTestId('scan-banner');
export const tableRows = () => within(screen.getByTestId('ams-scan-table')).getAllByRole('row').slice(1);

/** Picks the AMS named `name` in the list, then types the carton label and lets go of the field (Enter). */
export async function pickAmsAndCarton(user: UserEvent, label = 'CTN-1', name = 'SGN-LAX 25 Nov') {
  await user.click(screen.getByRole('combobox', { name: /^AMS/ }));
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
  await waitFor(() => expect(field('Master air waybill')).not.toHaveValue(''));
  // The search box lets go, so the next scan is not typed into it.
  expect(screen.getByRole('combobox', { name: /^AMS/ })).not.toHaveFocus();
  await user.type(field('Carton label'), `${label}{Enter}`);
  expect(field('Carton label')).not.toHaveFocus();
}
