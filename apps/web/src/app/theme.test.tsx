import { Alert, Modal } from '@mantine/core';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n.ts';
import { notifySuccess } from '../lib/notify.ts';
import { renderWithProviders } from '../test/render.tsx';

function Everything() {
  return (
    <>
      <Alert withCloseButton title="Saved">
        The account was saved.
      </Alert>
      <Modal opened onClose={() => {}} title="Please confirm">
        Delete it?
      </Modal>
    </>
  );
}

describe('theme: close buttons', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('names every toast, alert and dialog close button (axe button-name)', async () => {
    renderWithProviders(<Everything />);
    act(() => notifySuccess('Order saved'));

    const toast = (await screen.findByText('Order saved')).closest('.mantine-Notification-root');
    expect(
      within(toast as HTMLElement).getByRole('button', { name: 'Close notification' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(2);
    const dialog = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
    // Its title bar is no second banner beside the page's own.
    expect(dialog.querySelector('header')).toHaveAttribute('role', 'none');
  });

  it('names them in the chosen language', async () => {
    await changeLanguage('vi');
    renderWithProviders(<Everything />);
    act(() => notifySuccess('Đã lưu'));

    expect(await screen.findByText('Đã lưu')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Đóng thông báo' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Đóng hộp thoại' })).toBeInTheDocument();
  });
});
