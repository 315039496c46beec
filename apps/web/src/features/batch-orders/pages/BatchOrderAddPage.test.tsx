import { type BatchOrderDetail, Role } from '@parcelops/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { signInAs } from '../../../test/session.ts';
import { BATCH_POLL_MS } from '../api.ts';
import { batchOrder } from '../testing/batch-fixtures.ts';
import { renderBatchAdd } from '../testing/batch-pages.tsx';

const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
  { sid: 'acc-3', name: 'Seller Three' },
];

// The upload itself is lib/api-client.test.ts's; here it is replaced, and what the page hands it is read.
const upload = vi.spyOn(api, 'upload');
const sentForm = () => upload.mock.calls.at(-1)?.[1] as FormData;

/** What GET /batch_orders/bat-1 answers, in turn (the last one from then on). */
let batchReplies: BatchOrderDetail[] = [];

beforeEach(() => {
  batchReplies = [batchOrder()];
  let asked = 0;
  stubFetch((request) => {
    if (request.method !== 'GET') return undefined;
    if (request.path === '/accounts') return { status: 200, body: accounts };
    if (request.path === '/batch_orders') return { status: 200, body: { data: [], total: 0 } };
    if (request.path === '/batch_orders/bat-1') {
      const reply = batchReplies[Math.min(asked, batchReplies.length - 1)];
      asked += 1;
      return { status: 200, body: reply };
    }
    return undefined;
  });
});
afterEach(() => {
  upload.mockReset();
  vi.useRealTimers();
});

type User = ReturnType<typeof renderBatchAdd>['user'];

const chooseFile = (user: User) =>
  user.upload(screen.getByLabelText(/^Orders Excel/), new File(['x'], 'november.xlsx'));

describe('BatchOrderAddPage', () => {
  it("has the spec's title, note, template and fields, and keeps Create off until a file is chosen", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const { user } = renderBatchAdd();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create Batch Order');
    expect(screen.getByText('Only use provided file for batch order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download template' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Batch name/ })).toHaveAttribute('placeholder', 'Name');
    // Account users create for their own account: no chooser.
    expect(screen.queryByRole('combobox', { name: /^Account/ })).not.toBeInTheDocument();

    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await chooseFile(user);
    expect(create).toBeEnabled();
  });

  it('asks for the name before sending anything', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const { user } = renderBatchAdd();
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Batch name is required')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("lets staff choose among the other accounts, sends name, file and account, and shows the upload's progress", async () => {
    signInAs(Role.operator, { account_sid: 'acc-1' });
    let finish: (batch: unknown) => void = () => {};
    upload.mockImplementation((_path, _form, onProgress) => {
      onProgress(0.5);
      return new Promise((resolve) => (finish = resolve));
    });
    const { user } = renderBatchAdd();

    await user.type(screen.getByRole('textbox', { name: /^Batch name/ }), '  November drop ');
    await user.click(screen.getByRole('combobox', { name: /^Account/ }));
    expect(await screen.findByRole('option', { name: 'Seller Two' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Seller Three' })).toBeInTheDocument();
    // The operator's own account is what an empty choice means, so it is not offered.
    expect(screen.queryByRole('option', { name: 'Seller One' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Seller Three' }));
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Uploading the file: 50%')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('/batch_orders', expect.any(FormData), expect.any(Function));
    const form = sentForm();
    expect(form.get('name')).toBe('November drop');
    expect(form.get('account_sid')).toBe('acc-3');
    expect((form.get('file') as File).name).toBe('november.xlsx');

    batchReplies = [batchOrder({ status: 'success', orders: 120 })];
    finish(batchOrder());
    expect((await screen.findAllByText('Successfully created batch order')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/internal\/batch_orders$/);
  });

  it('says "Checking…" while the job runs and announces success only once the batch has succeeded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(Role.account, { account_sid: 'acc-1' });
    batchReplies = [batchOrder(), batchOrder(), batchOrder({ status: 'success', orders: 120 })];
    upload.mockResolvedValue(batchOrder());
    const { user } = renderBatchAdd();
    await user.type(screen.getByRole('textbox', { name: /^Batch name/ }), 'November drop');
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const checking = await screen.findByTestId('batch-checking');
    expect(checking).toHaveTextContent('Checking…');
    expect(checking).toHaveTextContent('the orders placed, all or nothing');
    expect(screen.getByRole('link', { name: 'Open the batch' })).toHaveAttribute(
      'href',
      '/internal/batch_orders/bat-1/view',
    );
    // Sent once: nothing more to send while the job runs.
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check only' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    expect(screen.queryByText('Successfully created batch order')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/internal/batch_orders/add');

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    expect((await screen.findAllByText('Successfully created batch order')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/internal\/batch_orders$/);
  });

  it('opens a batch that failed on its page, never saying it was created', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(Role.account, { account_sid: 'acc-1' });
    const failed = batchOrder({
      status: 'failed',
      reason: 'The credit balance (300,000 VND) cannot cover this batch (360,000 VND).',
      reason_text: { key: 'batch.creditShort', params: { balance: '300,000 VND', cost: '360,000 VND' } },
    });
    batchReplies = [batchOrder(), failed];
    upload.mockResolvedValue(batchOrder());
    const { user } = renderBatchAdd();
    await user.type(screen.getByRole('textbox', { name: /^Batch name/ }), 'November drop');
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Checking…')).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/internal/batch_orders/bat-1/view'),
    );
    expect(
      (await screen.findAllByText('The batch failed: nothing was placed and nothing was charged.')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('Successfully created batch order')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Run again' })).toBeInTheDocument();
  });

  it('"Check only" sends check_only and opens the checked batch with its quote', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(Role.account, { account_sid: 'acc-1' });
    const created = batchOrder({ check_only: true });
    batchReplies = [
      created,
      batchOrder({
        status: 'initiated',
        check_only: true,
        quote: { orders: 118, cost: 21_240_000, unit: 'VND', balance: 30_000_000 },
      }),
    ];
    upload.mockResolvedValue(created);
    const { user } = renderBatchAdd();
    await user.type(screen.getByRole('textbox', { name: /^Batch name/ }), 'November drop');
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Check only' }));

    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(sentForm().get('check_only')).toBe('true');
    expect(await screen.findByTestId('batch-checking')).toHaveTextContent('Nothing is placed or charged.');
    await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/internal/batch_orders/bat-1/view'),
    );
    expect(await screen.findByRole('button', { name: 'Place orders' })).toBeInTheDocument();
    expect(screen.queryByText('Successfully created batch order')).not.toBeInTheDocument();
  });

  it('sends no account for an account user', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    upload.mockResolvedValue(batchOrder());
    const { user } = renderBatchAdd();
    await user.type(screen.getByRole('textbox', { name: /^Batch name/ }), 'Mine');
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(sentForm().get('name')).toBe('Mine');
    expect(sentForm().has('account_sid')).toBe(false);
    expect(sentForm().has('check_only')).toBe(false);
  });

  it("shows a refusal's msg and keeps the name and the file", async () => {
    signInAs(Role.admin);
    upload.mockRejectedValue(
      new ApiError(
        400,
        'The file has no column "orderNumber". Please use the provided template.',
        'VALIDATION_FAILED',
        [
          { path: 'name', message: 'A batch named November drop already exists' },
          { path: 'file', message: 'Row 3, column weight: weight must be a number' },
        ],
      ),
    );
    const { user } = renderBatchAdd();
    await user.type(screen.getByRole('textbox', { name: /^Batch name/ }), 'November drop');
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(
      (await screen.findAllByText('The file has no column "orderNumber". Please use the provided template.'))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getByText('A batch named November drop already exists')).toBeInTheDocument();
    expect(screen.getByText('Row 3, column weight: weight must be a number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Batch name/ })).toHaveValue('November drop');
    expect(screen.getByTestId('file-picker-name')).toHaveTextContent('november.xlsx');
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/internal/batch_orders/add');
  });

  it('returns to the list on Cancel', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const { user } = renderBatchAdd();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/internal\/batch_orders$/);
  });
});
