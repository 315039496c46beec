import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { notifyError, notifyErrorText, notifySuccess } from './notify.ts';

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
});
