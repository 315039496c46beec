import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { callsTo, delivery, stubHookServer } from '../testing/hook-fixtures.ts';
import { DeliveriesTable } from './DeliveriesTable.tsx';

const failedTwice = delivery({
  id: 'msg_order2',
  barcode: 'PO987654321VN',
  status_label: 'In transit',
  state: 'pending',
  created_at: '2025-03-01T11:00:00.000Z',
  next_attempt_at: '2025-03-01T11:05:05.000Z',
  attempts: [
    {
      attempted_at: '2025-03-01T11:00:05.000Z',
      status_code: 500,
      duration_ms: 1250,
      error: null,
      response_body: '{"error":"database is down"}',
    },
    {
      attempted_at: '2025-03-01T11:00:00.000Z',
      status_code: null,
      duration_ms: 10000,
      error: 'Timed out after 10 s',
      response_body: null,
    },
  ],
});

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
}

describe('DeliveriesTable', () => {
  beforeEach(() => {
    signInAs(Role.admin);
  });

  it('lists deliveries with their event, state, attempts and last answer', async () => {
    stubHookServer({ deliveries: [failedTwice, delivery()] });
    renderWithProviders(<DeliveriesTable accountSid="acc-1" />);

    expect(await screen.findByText('PO987654321VN · In transit')).toBeInTheDocument();
    const pending = rowOf('PO987654321VN · In transit');
    expect(within(pending).getByText('order.status_changed')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('2')).toBeInTheDocument();
    expect(within(pending).getByText('500')).toBeInTheDocument();
    expect(within(pending).getAllByRole('time')).toHaveLength(2);

    const delivered = rowOf('PO123456789VN · Delivered');
    expect(
      within(delivered).getByText('Delivered', { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(within(delivered).getByText('200')).toBeInTheDocument();
    // The table scrolls sideways on a phone, in a box a keyboard can reach.
    expect(screen.getByRole('group', { name: 'Webhook deliveries' })).toHaveAttribute('tabindex', '0');
  });

  it('opens a delivery with its attempts and the body it sent', async () => {
    stubHookServer({ deliveries: [failedTwice] });
    const { user } = renderWithProviders(<DeliveriesTable accountSid="acc-1" />);

    await user.click(
      within(await findRow('PO987654321VN · In transit')).getByRole('button', { name: 'Details' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Delivery details' });
    expect(within(dialog).getByText('msg_order2')).toBeInTheDocument();
    const attempts = within(dialog).getByTestId('hook-attempts');
    expect(within(attempts).getByText('Attempt 2')).toBeInTheDocument();
    expect(within(attempts).getByText('500')).toBeInTheDocument();
    expect(within(attempts).getByText('1,250 ms')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Response body of attempt 2' })).toHaveTextContent(
      '{"error":"database is down"}',
    );
    expect(within(attempts).getByText('no answer')).toBeInTheDocument();
    expect(within(attempts).getByText('Error: Timed out after 10 s')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Body sent' })).toHaveTextContent(failedTwice.body);
  });

  it('sends a delivery again', async () => {
    const { fetch } = stubHookServer({ deliveries: [delivery()] });
    const { user } = renderWithProviders(<DeliveriesTable accountSid="acc-1" />);

    await user.click(
      within(await findRow('PO123456789VN · Delivered')).getByRole('button', { name: 'Send again' }),
    );

    expect(await screen.findByText('Queued again')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST', '/accounts/acc-1/hook/deliveries/msg_order1/resend')).toHaveLength(1);
  });
});

async function findRow(text: string) {
  await screen.findByText(text);
  return rowOf(text);
}
