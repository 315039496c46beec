import { type BatchOrderDetail, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '../../../lib/save-file.ts';
import { type StubReply, stubFetch } from '../../../test/fetch.ts';
import { signInAs } from '../../../test/session.ts';
import { BATCH_POLL_MS } from '../api.ts';
import { batchOrder } from '../testing/batch-fixtures.ts';
import { renderBatchView } from '../testing/batch-pages.tsx';

// Files are handed to the browser by saveFile; here it only records what it was given.
vi.mock('../../../lib/save-file.ts', () => ({ saveFile: vi.fn() }));
const saved = vi.mocked(saveFile);

/** Answers GET /batch_orders/bat-1 with each of `replies` in turn, the last one from then on; files as PDFs. */
function stubBatch(...replies: BatchOrderDetail[]) {
  let asked = 0;
  return stubFetch((request): StubReply | undefined => {
    if (request.method !== 'GET') return undefined;
    if (request.path === '/batch_orders/bat-1') {
      const reply = replies[Math.min(asked, replies.length - 1)];
      asked += 1;
      return { status: 200, body: reply };
    }
    if (['/labels/bat-1', '/report/bat-1', '/batch_orders/bat-1/errors'].includes(request.path))
      return { status: 200, body: 'file' };
    return undefined;
  });
}

/** The labels calls made, as path and query. */
const labelCalls = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/v1/labels/'))
    .map((url) => `${url.pathname}${url.search}`);

const detailCalls = (fetch: ReturnType<typeof stubBatch>) =>
  fetch.mock.calls.filter(
    ([url]) => new URL(String(url), 'http://localhost').pathname === '/api/v1/batch_orders/bat-1',
  ).length;

const succeeded = batchOrder({
  status: 'success',
  orders: 118,
  total_charge: 21240000,
  finished_at: '2026-11-01T08:31:00.000Z',
});

afterEach(() => {
  vi.useRealTimers();
  saved.mockReset();
});

describe('BatchOrderViewPage', () => {
  beforeEach(() => signInAs(Role.admin));

  it('shows the form read-only and the status block', async () => {
    stubBatch(succeeded);
    renderBatchView();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('View Batch Order');
    const name = await screen.findByRole('textbox', { name: 'Batch name' });
    expect(name).toHaveValue('November drop');
    expect(name).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Account' })).toHaveValue('Seller One');
    expect(screen.queryByLabelText(/^Orders Excel/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();

    const block = screen.getByRole('region', { name: 'Batch order status' });
    expect(within(block).getByText('Processed')).toBeInTheDocument();
    expect(within(block).getByText('120')).toBeInTheDocument();
    expect(within(block).getByText('118')).toBeInTheDocument();
    expect(within(block).getByText('21,240,000 VND')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: 'View orders' })).toHaveAttribute(
      'href',
      '/internal/orders?batch_sid=bat-1',
    );
  });

  it('asks again while the batch runs and stops once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubBatch(batchOrder({ status: 'in-progress' }), succeeded);
    renderBatchView();

    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(screen.getByText('This page refreshes by itself until the batch is done.')).toBeInTheDocument();
    // Nothing to print or sum up before the orders exist.
    expect(screen.queryByRole('button', { name: 'Labels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(detailCalls(fetch)).toBe(1);

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    expect(await screen.findByText('Processed')).toBeInTheDocument();
    expect(detailCalls(fetch)).toBe(2);
    expect(screen.getByRole('button', { name: 'Labels' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 5);
    expect(detailCalls(fetch)).toBe(2);
  });

  it('shows how many orders are placed so far while the batch places them, and the bar goes once it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubBatch(
      batchOrder({ status: 'in-progress', rows: 2_000, placed: 0 }),
      batchOrder({ status: 'in-progress', rows: 2_000, placed: 1_500 }),
      succeeded,
    );
    renderBatchView();

    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(screen.queryByTestId('batch-placing')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    expect(await screen.findByText('Placing the orders…')).toBeInTheDocument();
    const placing = screen.getByTestId('batch-placing');
    expect(placing).toHaveTextContent('1,500 orders placed so far. None is shown or charged until all are.');
    expect(within(placing).getByRole('progressbar', { name: 'Placing the orders…' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    expect(await screen.findByText('Processed')).toBeInTheDocument();
    expect(screen.queryByTestId('batch-placing')).not.toBeInTheDocument();
  });

  it('downloads the labels, and opens the report in a new tab saved as "<batch name>.pdf"', async () => {
    const fetch = stubBatch(succeeded);
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    // jsdom has no object URLs; the PDF's is what the new tab is sent to.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const { user } = renderBatchView();

    await user.click(await screen.findByRole('button', { name: 'Labels' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.anything(), 'November drop_labels.pdf'));

    await user.click(screen.getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.anything(), 'November drop.pdf'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:report');
    const paths = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/labels/bat-1', '/api/v1/report/bat-1']));
    expect(labelCalls(fetch)).toEqual(['/api/v1/labels/bat-1?format=pdf']);
  });

  it('downloads the labels as ZPL for a thermal printer at the chosen dpi, and remembers the choice', async () => {
    const fetch = stubBatch(succeeded);
    const first = renderBatchView();
    await first.user.click(await screen.findByText('Thermal (ZPL)'));
    await first.user.click(screen.getByText('300 dpi'));
    await first.user.click(screen.getByRole('button', { name: 'Labels' }));

    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.anything(), 'November drop_labels.zpl'));
    expect(labelCalls(fetch)).toEqual(['/api/v1/labels/bat-1?format=zpl&dpi=300']);
    first.unmount();

    renderBatchView();
    expect(await screen.findByRole('radio', { name: 'Thermal (ZPL)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '300 dpi' })).toBeChecked();
  });

  it('lists the bad rows of a failed batch, says how many in all, and offers the error sheet', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubBatch(
      batchOrder({
        status: 'failed',
        reason: '1,500 rows have problems; nothing was placed.',
        problem_count: 1500,
        problems: [
          { row: 3, column: 'weight', value: 'heavy', msg: 'weight must be a number' },
          { row: 7, column: null, value: null, msg: 'The balance does not cover the batch' },
        ],
      }),
    );
    const { user } = renderBatchView();

    expect(await screen.findByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('1,500 rows have problems; nothing was placed.')).toBeInTheDocument();
    // Sellers see no account field: the batch is theirs.
    expect(screen.queryByRole('textbox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Labels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View orders' })).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Bad rows' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Row', 'Column', 'Value', 'Why']);
    expect(
      within(table).getByRole('row', { name: '3 weight heavy weight must be a number' }),
    ).toBeInTheDocument();
    expect(
      within(table).getByRole('row', { name: '7 Whole order The balance does not cover the batch' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The first 2 of 1,500 bad rows are listed; the error sheet has them all.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download error sheet' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.anything(), 'November drop_errors.xlsx'));
  });

  it('offers "Run again" first for a batch that failed on credit, runs it and announces success only when placed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(Role.account, { account_sid: 'acc-1' });
    const failed = batchOrder({
      status: 'failed',
      reason: 'The credit balance (300,000 VND) cannot cover this batch (360,000 VND).',
      reason_text: { key: 'batch.creditShort', params: { balance: '300,000 VND', cost: '360,000 VND' } },
      finished_at: '2026-11-01T08:31:00.000Z',
    });
    const rerun = batchOrder({ status: 'in-progress', runs: 2, started_at: null });
    let asked = 0;
    const replies = [failed, rerun, { ...succeeded, runs: 2 }];
    const fetch = stubFetch((request): StubReply | undefined => {
      if (request.method === 'POST' && request.path === '/batch_orders/bat-1/run')
        return { status: 202, body: rerun };
      if (request.method === 'GET' && request.path === '/batch_orders/bat-1') {
        const reply = replies[Math.min(asked, replies.length - 1)];
        asked += 1;
        return { status: 200, body: reply };
      }
      return undefined;
    });
    const { user } = renderBatchView();

    const next = await screen.findByRole('region', { name: 'What next' });
    expect(next).toHaveTextContent('no need to upload it again');
    const buttons = within(next).getAllByRole('button').concat(within(next).getAllByRole('link'));
    expect(buttons.map((button) => button.textContent)).toEqual(['Run again', 'Upload a corrected file']);
    expect(within(next).getByRole('link', { name: 'Upload a corrected file' })).toHaveAttribute(
      'href',
      '/internal/batch_orders/add',
    );

    await user.click(within(next).getByRole('button', { name: 'Run again' }));
    const posted = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What next' })).not.toBeInTheDocument();
    expect(screen.queryByText('Successfully created batch order')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 2);
    expect((await screen.findAllByText('Successfully created batch order')).length).toBeGreaterThan(0);
    expect(screen.getByText('Processed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Labels' })).toBeInTheDocument();
  });

  it('leads with "Upload a corrected file" when the rows are bad, saying a run would fail the same way', async () => {
    stubBatch(
      batchOrder({
        status: 'failed',
        reason: '1 row has problems; nothing was placed.',
        reason_text: { key: 'batch.rowsHaveProblems', params: { count: 1 } },
        problem_count: 1,
        problems: [{ row: 3, column: 'city', value: null, msg: 'City is required' }],
      }),
    );
    renderBatchView();
    const next = await screen.findByRole('region', { name: 'What next' });
    expect(next).toHaveTextContent('running it again would fail the same way');
    const actions = within(next).getAllByRole('link').concat(within(next).getAllByRole('button'));
    expect(actions.map((action) => action.textContent)).toEqual(['Upload a corrected file', 'Run again']);
  });

  it('offers only a new upload once the batch file is no longer kept: no "Run again", no error sheet', async () => {
    stubBatch(
      batchOrder({
        status: 'failed',
        file_kept: false,
        reason: 'The balance is short.',
        reason_text: { key: 'batch.creditShort', params: { balance: 1, cost: 2 } },
        problem_count: 1,
        problems: [{ row: 3, column: 'city', value: null, msg: 'City is required' }],
      }),
    );
    renderBatchView();
    const next = await screen.findByRole('region', { name: 'What next' });
    expect(next).toHaveTextContent('no longer kept');
    expect(within(next).getByRole('link', { name: 'Upload a corrected file' })).toBeInTheDocument();
    expect(within(next).queryByRole('button', { name: 'Run again' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bad rows' })).toHaveTextContent('City is required');
    expect(screen.queryByRole('button', { name: 'Download error sheet' })).not.toBeInTheDocument();
  });
  it('tells a refused run why, and shows the batch as it is now', async () => {
    const failed = batchOrder({
      status: 'failed',
      reason_text: { key: 'batch.creditShort', params: { balance: '1 VND', cost: '2 VND' } },
      reason: 'short',
    });
    let asked = 0;
    stubFetch((request): StubReply | undefined => {
      if (request.method === 'POST')
        return {
          status: 409,
          body: {
            msg: 'This batch is Processed: its orders are already placed, so it cannot be run again.',
            code: 'BATCH_NOT_RUNNABLE',
          },
        };
      asked += 1;
      return { status: 200, body: asked === 1 ? failed : succeeded };
    });
    const { user } = renderBatchView();
    await user.click(await screen.findByRole('button', { name: 'Run again' }));
    expect(
      (
        await screen.findAllByText(
          'This batch is Processed: its orders are already placed, so it cannot be run again.',
        )
      ).length,
    ).toBeGreaterThan(0);
    expect(await screen.findByText('Processed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run again' })).not.toBeInTheDocument();
  });

  it('shows a checked batch\'s quote and places it with "Place orders"', async () => {
    const checked = batchOrder({
      status: 'initiated',
      check_only: true,
      quote: { orders: 118, cost: 21_240_000, unit: 'VND', balance: 20_000_000 },
      finished_at: '2026-11-01T08:31:00.000Z',
    });
    const fetch = stubFetch((request): StubReply | undefined => {
      if (request.method === 'POST') return { status: 202, body: batchOrder({ runs: 2 }) };
      return { status: 200, body: checked };
    });
    const { user } = renderBatchView();
    const quote = await screen.findByRole('region', { name: 'Check result' });
    expect(
      within(quote).getByText('Nothing has been placed or charged yet.', { exact: false }),
    ).toBeInTheDocument();
    expect(within(quote).getByText('118')).toBeInTheDocument();
    expect(within(quote).getByText('21,240,000 VND')).toBeInTheDocument();
    expect(within(quote).getByText('20,000,000 VND')).toBeInTheDocument();
    // The balance the check saw has moved since: what is short is said before anything is charged.
    expect(within(quote).getByText('1,240,000 VND')).toBeInTheDocument();
    expect(screen.getByText('Generated')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What next' })).not.toBeInTheDocument();

    await user.click(within(quote).getByRole('button', { name: 'Place orders' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/bat-1/run')),
      ).toBe(true),
    );
    expect(await screen.findByText('Processing')).toBeInTheDocument();
  });

  it('shows a failure to load, without Retry for a batch that is not there', async () => {
    stubFetch(() => ({ status: 404, body: { msg: 'Batch order not found', code: 'NOT_FOUND' } }));
    renderBatchView();
    expect(await screen.findByText('Batch order not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
