import { type ApiKey, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { ApiKeysPanel } from './ApiKeysPanel.tsx';

const TOKEN = 'po_abcdef0123456789';

function stubKeys() {
  const keys: ApiKey[] = [];
  const fetch = stubFetch(({ method, path, query, body }) => {
    if (method === 'GET' && path === '/keys' && query.get('account_sid') === 'acc-1') {
      return { status: 200, body: keys };
    }
    if (method === 'POST' && path === '/keys' && query.get('account_sid') === 'acc-1' && body === undefined) {
      const key = {
        sid: 'key-1',
        account_sid: 'acc-1',
        token_hint: 'po_a…6789',
        last_used: null,
        date_created: '2025-03-01T10:00:00.000Z',
      };
      keys.push(key);
      return { status: 201, body: { ...key, token: TOKEN } };
    }
    if (method === 'DELETE' && path === '/keys/key-1') {
      keys.splice(0);
      return { status: 200, body: { sid: 'key-1' } };
    }
    return undefined;
  });
  return fetch;
}

describe('ApiKeysPanel', () => {
  it('shows a new key’s token once, with a copy button', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubKeys();
    const { user } = renderWithProviders(<ApiKeysPanel accountSid="acc-1" />);
    expect(await screen.findByText('No data.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create API key' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(TOKEN)).toBeInTheDocument();
    expect(within(dialog).getByText('Copy this key now. It will not be shown again.')).toBeInTheDocument();
    expect(screen.getByText('API key created')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(TOKEN);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('po_a…6789')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
  });

  it('says so when the clipboard refuses', async () => {
    signInAs(Role.admin);
    stubKeys();
    const { user } = renderWithProviders(<ApiKeysPanel accountSid="acc-1" />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText('Could not copy to clipboard')).toBeInTheDocument();
  });

  it('deletes a key after confirmation', async () => {
    signInAs(Role.admin);
    stubKeys();
    const { user } = renderWithProviders(<ApiKeysPanel accountSid="acc-1" />);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Done' }));
    const row = (await screen.findByText('po_a…6789')).closest('tr');
    if (!row) throw new Error('no row for the key');

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Do you want to delete the API key po_a…6789?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('API key deleted')).toBeInTheDocument();
    expect(await screen.findByText('No data.')).toBeInTheDocument();
  });
});
