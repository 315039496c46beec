import { Role, STATUS_RESULT_HEADERS, type StatusUploadPreview } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
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

  const PREVIEW: StatusUploadPreview = {
    total: 124,
    moves: [
      { from: 1, to: 4, count: 118 },
      { from: 3, to: 4, count: 1 },
    ],
    unchanged: 2,
    refusedCount: 2,
    refused: [
      {
        barcode: 'PO7',
        orderNumber: 'ORD-7',
        code: 'FINAL_STATUS',
        msg: 'The order is Order Failed: only an admin, giving a reason, can change it.',
        key: 'orders.transition.finalStatus',
        params: { from: { key: 'orders.status.10' }, to: { key: 'orders.status.4' } },
      },
      {
        barcode: 'PO8',
        orderNumber: null,
        code: 'BACKWARDS',
        msg: 'Delivered -> Scanned runs backwards.',
        key: 'orders.someday',
      },
    ],
    notFoundCount: 1,
    notFound: ['NOPE-1'],
  };

  /** The preview answers `preview`; the upload answers a workbook with the counts in its headers. */
  function stubStatusServer(preview: StatusUploadPreview, counts: Record<string, string>) {
    return stubFetch((request) => {
      if (request.method !== 'POST') return undefined;
      if (request.path === '/orders/status/preview') return { status: 200, body: preview };
      if (request.path === '/orders/status') return { status: 200, body: {}, headers: counts };
      return undefined;
    });
  }

  const posted = (fetch: ReturnType<typeof stubFetch>) =>
    fetch.mock.calls.map(([url, init]) => ({ url: String(url), body: init?.body as FormData }));

  it('offers every status but Generated and Order Failed, and asks a reason for Failed only', async () => {
    stubFetch(() => undefined);
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Scanned', 'Processing', 'Processed', 'Delivered', 'Failed']);
    await user.click(screen.getByRole('option', { name: 'Delivered' }));
    expect(screen.queryByRole('textbox', { name: /Reason/ })).not.toBeInTheDocument();
    await chooseStatus(user, 'Failed');
    expect(screen.getByRole('textbox', { name: /Reason/ })).toBeInTheDocument();
  });

  it('shows what the upload will do, and applies it only on Confirm, then toasts the counts', async () => {
    const fetch = stubStatusServer(PREVIEW, {
      [STATUS_RESULT_HEADERS.updated]: '119',
      [STATUS_RESULT_HEADERS.unchanged]: '2',
      [STATUS_RESULT_HEADERS.refused]: '0',
      [STATUS_RESULT_HEADERS.notFound]: '1',
    });
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Delivered');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const preview = await screen.findByTestId('status-preview');
    expect(within(preview).getByTestId('status-preview-summary')).toHaveTextContent(
      '124 orders in the file: 118 Scanned → Delivered, 1 Processed → Delivered, 2 unchanged (already Delivered), 2 refused, 1 not found',
    );
    const refused = within(preview).getByRole('table', { name: 'Refused: 2 orders will not change' });
    expect(within(refused).getByRole('row', { name: /PO7 ORD-7 Order Failed is final/ })).toBeInTheDocument();
    expect(
      within(refused).getByRole('row', { name: /PO8 Delivered -> Scanned runs backwards/ }),
    ).toBeInTheDocument();
    expect(within(preview).getByTestId('status-preview-not-found')).toHaveTextContent('NOPE-1');
    expect(within(preview).getByText('Set Delivered on these orders now?')).toBeInTheDocument();
    // Only the preview has been asked: nothing is written yet.
    expect(posted(fetch).map((call) => call.url)).toEqual(['/api/v1/orders/status/preview']);
    expect(downloads).toEqual([]);
    const [previewCall] = posted(fetch);
    expect(previewCall?.body.get('status')).toBe('4');
    expect(previewCall?.body.get('file')).toBeInstanceOf(File);

    await user.click(screen.getByTestId('status-preview-confirm'));
    expect(
      await screen.findByText(
        'Successfully updated order status: 119 updated, 2 unchanged, 0 refused, 1 not found',
      ),
    ).toBeInTheDocument();
    expect(downloads).toEqual(['order_status_result.xlsx']);
    expect(posted(fetch).map((call) => call.url)).toEqual([
      '/api/v1/orders/status/preview',
      '/api/v1/orders/status',
    ]);
    expect(posted(fetch)[1]?.body.get('status')).toBe('4');
    await waitFor(() => expect(screen.queryByTestId('status-preview')).not.toBeInTheDocument());
  });

  it('says plainly, in the warning colour, when some orders were refused', async () => {
    stubStatusServer(PREVIEW, {
      [STATUS_RESULT_HEADERS.updated]: '118',
      [STATUS_RESULT_HEADERS.unchanged]: '2',
      [STATUS_RESULT_HEADERS.refused]: '2',
      [STATUS_RESULT_HEADERS.notFound]: '1',
    });
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Delivered');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(await screen.findByTestId('status-preview-confirm'));
    const toast = await screen.findByText(
      '2 orders were refused and not changed (118 updated, 2 unchanged, 2 refused, 1 not found). The result file says why.',
    );
    expect(toast.closest('.mantine-Notification-root')?.getAttribute('style')).toContain('orange');
    expect(screen.queryByText(/Successfully updated order status/)).not.toBeInTheDocument();
  });

  it('sends nothing on Cancel, and drops a preview once the choice changes', async () => {
    const fetch = stubStatusServer(PREVIEW, {});
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Delivered');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(await screen.findByTestId('status-preview-cancel'));
    expect(screen.queryByTestId('status-preview')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByTestId('status-preview')).toBeInTheDocument();
    await chooseStatus(user, 'Processed');
    expect(screen.queryByTestId('status-preview')).not.toBeInTheDocument();
    expect(posted(fetch).every((call) => call.url.endsWith('/orders/status/preview'))).toBe(true);
    expect(downloads).toEqual([]);
  });

  it('asks the reason for Failed before any preview, and sends it with the file', async () => {
    const fetch = stubStatusServer(
      { ...PREVIEW, moves: [{ from: 1, to: 5, count: 3 }], refused: [], refusedCount: 0 },
      {
        [STATUS_RESULT_HEADERS.updated]: '3',
      },
    );
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Failed');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('A reason is required for Failed.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Address unreachable');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(await screen.findByTestId('status-preview-confirm'));
    expect(await screen.findByText(/^Successfully updated order status: 3 updated/)).toBeInTheDocument();
    for (const { body } of posted(fetch)) {
      expect([body.get('status'), body.get('reason')]).toEqual(['5', 'Address unreachable']);
    }
  });

  it('says "Nothing to change" and offers no Confirm when no order would move', async () => {
    const fetch = stubStatusServer({ ...PREVIEW, total: 3, moves: [], unchanged: 2, notFoundCount: 1 }, {});
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Delivered');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const preview = await screen.findByTestId('status-preview');
    expect(within(preview).getByTestId('status-preview-nothing')).toHaveTextContent(
      'Nothing to change: no order in the file would move.',
    );
    expect(within(preview).queryByTestId('status-preview-confirm')).not.toBeInTheDocument();
    expect(within(preview).queryByText(/Set Delivered on these orders now/)).not.toBeInTheDocument();
    // An operator gets no reason field: the refusals say what is allowed instead.
    expect(within(preview).queryByTestId('status-preview-override')).not.toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Back' }));
    expect(screen.queryByTestId('status-preview')).not.toBeInTheDocument();
    expect(posted(fetch).map((call) => call.url)).toEqual(['/api/v1/orders/status/preview']);
  });

  it("gives an admin a reason field for the refusals they may set aside, and sends it as the upload's reason", async () => {
    signInAs(Role.admin);
    const refusedOnly: StatusUploadPreview = {
      total: 1,
      moves: [],
      unchanged: 0,
      refusedCount: 1,
      refused: [
        {
          barcode: 'PO9',
          orderNumber: 'ORD-9',
          code: 'FINAL_STATUS',
          msg: 'Delivered is final: only an admin, giving a reason, can move the order out of it.',
          key: 'orders.transition.finalStatus',
          params: { from: { key: 'orders.status.4' }, to: { key: 'orders.status.1' } },
        },
      ],
      notFoundCount: 0,
      notFound: [],
    };
    const overridden: StatusUploadPreview = {
      ...refusedOnly,
      moves: [{ from: 4, to: 1, count: 1 }],
      refusedCount: 0,
      refused: [],
    };
    const fetch = stubFetch((request) => {
      if (request.method !== 'POST') return undefined;
      const body = request.body as FormData;
      if (request.path === '/orders/status/preview')
        return { status: 200, body: body.get('reason') ? overridden : refusedOnly };
      if (request.path === '/orders/status')
        return { status: 200, body: {}, headers: { [STATUS_RESULT_HEADERS.updated]: '1' } };
      return undefined;
    });
    const { user } = renderWithProviders(<UpdateStatusTab />);
    await chooseStatus(user, 'Scanned');
    await user.upload(screen.getByLabelText(/^Barcode Excel/), barcodes());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const preview = await screen.findByTestId('status-preview');
    expect(within(preview).getByTestId('status-preview-nothing')).toBeInTheDocument();
    const field = within(preview).getByRole('textbox', { name: /Reason to move the refused orders anyway/ });
    await user.click(within(preview).getByRole('button', { name: 'Preview with this reason' }));
    expect(within(preview).getByText('Give a reason to move these orders.')).toBeInTheDocument();

    await user.type(field, 'Carrier returned the parcel');
    await user.click(within(preview).getByRole('button', { name: 'Preview with this reason' }));
    await waitFor(() => expect(screen.getByTestId('status-preview-confirm')).toBeInTheDocument());
    expect(screen.getByTestId('status-preview-summary')).toHaveTextContent('1 Delivered → Scanned');
    expect(screen.getByTestId('status-preview-override-given')).toHaveTextContent(
      'Carrier returned the parcel',
    );
    await user.click(screen.getByTestId('status-preview-confirm'));
    expect(await screen.findByText(/^Successfully updated order status: 1 updated/)).toBeInTheDocument();
    expect(posted(fetch).map(({ url, body }) => [url, body.get('status'), body.get('reason')])).toEqual([
      ['/api/v1/orders/status/preview', '1', null],
      ['/api/v1/orders/status/preview', '1', 'Carrier returned the parcel'],
      ['/api/v1/orders/status', '1', 'Carrier returned the parcel'],
    ]);
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
    expect(screen.queryByTestId('status-preview')).not.toBeInTheDocument();
    expect(downloads).toEqual([]);
  });
});

describe('the barcode uploads’ templates', () => {
  it('offers each tab its template, as the other uploads do', async () => {
    const fetch = stubFetch((request) => (request.method === 'GET' ? { status: 200, body: {} } : undefined));
    const details = renderWithProviders(<OrderDetailsTab />);
    await details.user.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(downloads).toEqual(['order_details_template.xlsx']));
    details.unmount();

    const status = renderWithProviders(<UpdateStatusTab />);
    await status.user.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() =>
      expect(downloads).toEqual(['order_details_template.xlsx', 'order_status_template.xlsx']),
    );
    expect(fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)).toEqual([
      '/api/v1/orders/getDetails/template',
      '/api/v1/orders/status/template',
    ]);
  });
});
