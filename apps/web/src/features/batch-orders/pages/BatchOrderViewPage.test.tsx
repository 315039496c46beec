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

  it('shows a failure to load, without Retry for a batch that is not there', async () => {
    stubFetch(() => ({ status: 404, body: { msg: 'Batch order not found', code: 'NOT_FOUND' } }));
    renderBatchView();
    expect(await screen.findByText('Batch order not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
