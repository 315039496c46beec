import { Role } from '@parcelops/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { signInAs } from '../test/session.ts';
import { ApiError } from './api-client.ts';
import { notifyError, notifyErrorText, notifySuccess } from './notify.ts';
import { clearSession } from './session.ts';

describe('notify', () => {
  it('replaces a stale error toast with the new success, and the reverse', async () => {
    renderWithProviders(<div />);
    act(() => notifyError(new Error('Failed to save')));
    expect(await screen.findByText('Failed to save')).toBeInTheDocument();

    act(() => notifySuccess('Saved'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Failed to save')).not.toBeInTheDocument());

    act(() => notifyErrorText('Not allowed'));
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
  });

  it('keeps toasts of the same kind together', async () => {
    renderWithProviders(<div />);
    act(() => {
      notifySuccess('First saved');
      notifySuccess('Second saved');
    });
    expect(await screen.findByText('First saved')).toBeInTheDocument();
    expect(screen.getByText('Second saved')).toBeInTheDocument();
  });

  it('takes a refusal toast away when the session ends, so the sign-in page starts clean', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    renderWithProviders(<div />);
    act(() => notifyErrorText('You may not delete this order.'));
    expect(await screen.findByText('You may not delete this order.')).toBeInTheDocument();

    act(() => clearSession());

    await waitFor(() => expect(screen.queryByText('You may not delete this order.')).not.toBeInTheDocument());
    // Toasts after sign-out (the sign-in page's own) still show.
    act(() => notifyErrorText('Wrong password'));
    expect(await screen.findByText('Wrong password')).toBeInTheDocument();
  });

  it('shows no toast for the 401 that ended the session: the sign-in page says it', async () => {
    renderWithProviders(<div />);
    act(() => notifyError(new ApiError(401, 'Unauthorized', 'UNAUTHORIZED')));
    act(() => notifySuccess('Shown'));
    expect(await screen.findByText('Shown')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
  });
});
