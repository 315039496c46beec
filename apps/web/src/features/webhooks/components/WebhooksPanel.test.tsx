import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatters } from '../../../i18n/format.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { callsTo, hookState, NEW_SECRET, SECRET, stubHookServer } from '../testing/hook-fixtures.ts';
import { WebhooksPanel } from './WebhooksPanel.tsx';

const format = formatters('en');

describe('WebhooksPanel', () => {
  beforeEach(() => {
    signInAs(Role.account, { account_sid: 'acc-1' });
  });

  it('says how events are signed and hides the secret until asked, with a copy button', async () => {
    stubHookServer();
    const { user } = renderWithProviders(<WebhooksPanel accountSid="acc-1" />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Webhooks' })).toBeInTheDocument();
    expect(screen.getByText(/Standard Webhooks scheme/)).toHaveTextContent('standardwebhooks library');
    const secret = await screen.findByTestId('signing-secret');
    expect(secret).toHaveTextContent(/^whsec_•+$/);
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(secret).toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(secret).not.toHaveTextContent(SECRET);
  });

  it('rotates the secret only after a confirmation that the previous one keeps signing for 24 hours', async () => {
    const { fetch } = stubHookServer();
    const { user } = renderWithProviders(<WebhooksPanel accountSid="acc-1" />);

    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate signing secret' });
    expect(within(dialog).getByText(/previous secret keeps signing for 24 hours/)).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/accounts/acc-1/hook/rotate')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));

    expect(await screen.findByText('Signing secret rotated')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/accounts/acc-1/hook/rotate')).toHaveLength(1);
    const until = format.dateTime('2999-01-01T00:00:00.000Z');
    expect(await screen.findByText(`Previous secret also signs until ${until}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByTestId('signing-secret')).toHaveTextContent(NEW_SECRET);
  });

  it('shows a disabled hook with its reason and enables it again', async () => {
    const { fetch } = stubHookServer({
      hook: hookState({
        failing_since: '2025-02-20T08:00:00.000Z',
        disabled_at: '2025-02-25T08:00:00.000Z',
        disabled_reason: 'No successful delivery for 5 days',
      }),
    });
    const { user } = renderWithProviders(<WebhooksPanel accountSid="acc-1" />);

    const date = format.dateTime('2025-02-25T08:00:00.000Z');
    expect(
      await screen.findByText(`This hook was disabled on ${date}: No successful delivery for 5 days`),
    ).toBeInTheDocument();
    // Disabled says more than failing: one notice, not both.
    expect(screen.queryByText(/have been failing since/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enable again' }));

    expect(await screen.findByText('Hook enabled again')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/accounts/acc-1/hook/enable')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/This hook was disabled/)).not.toBeInTheDocument());
  });

  it('warns while deliveries are failing, before the hook is disabled', async () => {
    stubHookServer({ hook: hookState({ failing_since: '2025-02-20T08:00:00.000Z' }) });
    renderWithProviders(<WebhooksPanel accountSid="acc-1" />);

    const date = format.dateTime('2025-02-20T08:00:00.000Z');
    expect(
      await screen.findByText(
        `Deliveries have been failing since ${date}; the hook is disabled after 5 days of failures.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable again' })).not.toBeInTheDocument();
  });

  it('sends a test event and lists it', async () => {
    const { fetch } = stubHookServer();
    const { user } = renderWithProviders(<WebhooksPanel accountSid="acc-1" />);
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send test event' }));

    expect(await screen.findByText('Test event queued')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/accounts/acc-1/hook/test')).toHaveLength(1);
    const row = (await screen.findByText('webhook.test')).closest('tr');
    if (!row) throw new Error('no row for the test event');
    expect(within(row).getByText('Pending')).toBeInTheDocument();
  });

  it("shows the server's msg when the test event is refused", async () => {
    stubHookServer({}, (method, path) =>
      method === 'POST' && path.endsWith('/hook/test')
        ? { status: 409, body: { msg: 'This account has no hook URL.', code: 'CONFLICT' } }
        : undefined,
    );
    const { user } = renderWithProviders(<WebhooksPanel accountSid="acc-1" />);

    await user.click(await screen.findByRole('button', { name: 'Send test event' }));

    expect(await screen.findByText('This account has no hook URL.')).toBeInTheDocument();
  });

  it('without a URL points to the hook field and offers nothing to do', async () => {
    const { fetch } = stubHookServer({ hook: hookState({ url: null, secret: null }) });
    renderWithProviders(<WebhooksPanel accountSid="acc-1" />);

    expect(await screen.findByText(/Set “Order status hook” above/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(screen.queryByTestId('signing-secret')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deliveries' })).not.toBeInTheDocument();
    expect(callsTo(fetch, 'GET', '/accounts/acc-1/hook/deliveries')).toHaveLength(0);
  });
});
