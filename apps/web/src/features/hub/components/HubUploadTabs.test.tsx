import { Role } from '@parcelops/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { OrderDetailsTab } from './OrderDetailsTab.tsx';
import { UpdateStatusTab } from './UpdateStatusTab.tsx';

const barcodes = () => new File(['xlsx'], 'barcodes.xlsx');
let downloads: string[] = [];

beforeEach(() => {
  signInAs(Role.operator);
  downloads = [];
  // jsdom has no object URLs and does not follow links: record the file names handed to the browser.
  URL.createObjectURL = vi.fn(() => 'blob:result');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('OrderDetailsTab', () => {
  it('uploads the barcode file and downloads Order_details.xlsx', async () => {
    const fetch = stubFetch((request) =>
      request.method === 'POST' && request.path === '/orders/getDetails'
        ? { status: 200, body: {} }
        : undefined,
    );
    const { user } = renderWithProviders(<OrderDetailsTab />);
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(upload);
    expect(await screen.findByRole('status')).toHaveTextContent('Order_details.xlsx downloaded');
    expect(downloads).toEqual(['Order_details.xlsx']);
    const body = fetch.mock.calls[0]?.[1]?.body as FormData;
    expect(body.get('file')).toBeInstanceOf(File);
  });

  it('shows a failure once, as a toast with the server msg', async () => {
    stubFetch(() => ({
      status: 400,
      body: { msg: 'The sheet has headers but no rows.', code: 'VALIDATION_FAILED' },
    }));
    const { user } = renderWithProviders(<OrderDetailsTab />);
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findAllByText('The sheet has headers but no rows.')).toHaveLength(1);
    expect(downloads).toEqual([]);
  });
});

describe('UpdateStatusTab', () => {
  async function chooseStatus(user: ReturnType<typeof renderWithProviders>['user'], label: string) {
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: label }));
  }

  it('offers every status but Order Failed, and asks a reason for Failed only', async () => {
    stubFetch(() => undefined);
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Generated', 'Scanned', 'Processing', 'Processed', 'Delivered', 'Failed']);
    await user.click(screen.getByRole('option', { name: 'Delivered' }));
    expect(screen.queryByRole('textbox', { name: /Reason/ })).not.toBeInTheDocument();
    await chooseStatus(user, 'Failed');
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeInTheDocument();
  });

  it('uploads status, reason and file, downloads the result and toasts the spec text', async () => {
    const fetch = stubFetch((request) =>
      request.method === 'POST' && request.path === '/orders/status' ? { status: 200, body: {} } : undefined,
    );
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Failed');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('A reason is required for Failed.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Address unreachable');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Successfully updated order status')).toBeInTheDocument();
    expect(downloads).toEqual(['order_status_result.xlsx']);
    const body = fetch.mock.calls[0]?.[1]?.body as FormData;
    expect([body.get('status'), body.get('reason')]).toEqual(['5', 'Address unreachable']);
    expect(body.get('file')).toBeInstanceOf(File);
  });

  it('shows a server refusal once and downloads nothing', async () => {
    stubFetch(() => ({
      status: 403,
      body: { msg: 'You do not have permission to do that.', code: 'FORBIDDEN' },
    }));
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Scanned');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(screen.getAllByText('You do not have permission to do that.')).toHaveLength(1),
    );
    expect(screen.queryByText('Successfully updated order status')).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});
