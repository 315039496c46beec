import { type OrderImportFailure, type OrderImportResult, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyErrorText, notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { downloadFailedRows, uploadOrders } from '../api.ts';
import { OrderImportPage } from './OrderImportPage.tsx';

// The upload is replaced: these tests are about what the page does with the reply (lib/api-client.test.ts
// covers the upload itself, failed-rows-workbook.test.ts the sheet handed back).
vi.mock('../api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api.ts')>()),
  uploadOrders: vi.fn(),
  downloadFailedRows: vi.fn(async () => {}),
}));
// The toasts still show; the spies tell their kind (green, orange, red).
vi.mock('../../../lib/notify.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lib/notify.ts')>();
  return {
    ...real,
    notifySuccess: vi.fn(real.notifySuccess),
    notifyWarning: vi.fn(real.notifyWarning),
    notifyErrorText: vi.fn(real.notifyErrorText),
  };
});
const upload = vi.mocked(uploadOrders);

const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
];

beforeEach(() => {
  stubFetch((request) =>
    request.method === 'GET' && request.path === '/accounts' ? { status: 200, body: accounts } : undefined,
  );
});
afterEach(async () => {
  upload.mockReset();
  vi.clearAllMocks();
  await changeLanguage('en');
});

/** ORD-9 on row 5: its city blank and its quantity not a number, said once for the row. */
const CITY_AND_QUANTITY: OrderImportFailure = {
  orderNumber: 'ORD-9',
  msg: 'Row 5, column City: City is required; Row 5, column Qty: Quantity must be a number',
  rows: [5],
  problems: [
    {
      row: 5,
      problems: [
        {
          column: 'City',
          message: 'City is required',
          key: 'validation.required',
          params: { label: { key: 'field.city' } },
        },
        {
          column: 'Qty',
          message: 'Quantity must be a number',
          key: 'validation.mustBeNumber',
          params: { label: { key: 'field.quantity' } },
        },
      ],
    },
  ],
};

/** ORD-10 on rows 6-7: its second row gives another city. */
const DIFFERS: OrderImportFailure = {
  orderNumber: 'ORD-10',
  msg: 'Row 7, column City: differs from row 6 of the same order (Seattle)',
  rows: [6, 7],
  problems: [
    {
      row: 7,
      problems: [
        {
          column: 'City',
          message: 'differs from row 6 of the same order (Seattle)',
          key: 'imports.differsFromRow',
          params: { row: 6, value: 'Seattle' },
        },
      ],
    },
  ],
};

const PLACED = { account_sid: 'acc-2', from: '2026-11-26T06:00:00.000Z', to: '2026-11-26T06:00:01.000Z' };

function replyWith(result: OrderImportResult) {
  upload.mockImplementation(async (_input, onProgress) => {
    onProgress(1);
    return result;
  });
}

async function chooseAndUpload(user: ReturnType<typeof renderWithProviders>['user'], name = 'orders.xlsx') {
  const button = screen.getByRole('button', { name: 'Upload' });
  expect(button).toBeDisabled();
  await user.upload(screen.getByLabelText(/^Orders Excel/), new File(['x'], name));
  await user.click(button);
}

describe('OrderImportPage', () => {
  it('lists each bad row once with its columns, counts both sides, links to the placed orders, orange toast', async () => {
    signInAs(Role.admin);
    replyWith({ imported: 3, failedOrders: [CITY_AND_QUANTITY, DIFFERS], placed: PLACED });
    const { user } = renderWithProviders(<OrderImportPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Import orders');

    // Staff choose the account: the field is required, so it carries its asterisk.
    const account = screen.getByRole('combobox', { name: /^Account/ });
    expect(document.querySelector(`label[for="${account.id}"]`)).toHaveTextContent('Account *');
    await user.click(account);
    await user.click(await screen.findByRole('option', { name: 'Seller Two' }));
    await chooseAndUpload(user);

    expect(upload).toHaveBeenCalledWith(
      expect.objectContaining({ accountSid: 'acc-2', file: expect.any(File) }),
      expect.any(Function),
    );
    const table = await screen.findByRole('table', { name: 'Failed Orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Order Number', 'Reason']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('ORD-9');
    expect(first).toHaveTextContent('Row 5 — City: City is required; Qty: Quantity must be a number');
    // The row number is said once, not once per column.
    expect(first?.textContent?.match(/Row 5/g)).toHaveLength(1);
    expect(second).toHaveTextContent('Row 7 — City: differs from row 6 of the same order (Seattle)');

    const summary = screen.getByRole('status', { name: /3 orders imported, 2 orders not imported/ });
    expect(summary).toHaveTextContent('Placed: 3 orders');
    expect(summary).toHaveTextContent('Not imported: 2 orders (3 rows to fix)');
    const link = within(summary).getByRole('link', { name: 'View the 3 imported orders' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/internal/orders');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      account_sid: 'acc-2',
      from_date: PLACED.from,
      to_date: PLACED.to,
    });

    expect(notifyWarning).toHaveBeenCalledWith('3 orders imported, 2 orders not imported');
    expect(notifySuccess).not.toHaveBeenCalled();

    // The failed rows come back from the file sent, each with what to fix in the Error column.
    await user.click(screen.getByRole('button', { name: 'Download failed rows' }));
    expect(downloadFailedRows).toHaveBeenCalledWith(
      expect.any(File),
      new Map([
        [5, 'City: City is required; Qty: Quantity must be a number'],
        [6, 'Not imported with the rest of its order: see row 7'],
        [7, 'City: differs from row 6 of the same order (Seattle)'],
      ]),
      'Error',
      'orders-failed-rows.xlsx',
    );
  });

  it('shows the green toast when every order went in, with no account choice for an account user', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    replyWith({ imported: 1, failedOrders: [], placed: { ...PLACED, account_sid: 'acc-1' } });
    const { user } = renderWithProviders(<OrderImportPage />);
    expect(screen.queryByRole('combobox', { name: /^Account/ })).not.toBeInTheDocument();
    await chooseAndUpload(user);
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ accountSid: null }), expect.any(Function));
    expect((await screen.findAllByText('Successfully imported orders')).length).toBeGreaterThan(0);
    expect(notifySuccess).toHaveBeenCalledWith('Successfully imported orders');
    expect(screen.getByRole('status', { name: '1 order imported' })).toBeInTheDocument();
    // An account user's list is their own: the link needs no account.
    const link = screen.getByRole('link', { name: 'View the imported order' });
    expect(link.getAttribute('href')).not.toContain('account_sid');
    expect(screen.queryByRole('table', { name: 'Failed Orders' })).not.toBeInTheDocument();
  });

  it('shows the red toast when no order went in, and no link', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    replyWith({ imported: 0, failedOrders: [CITY_AND_QUANTITY, DIFFERS], placed: null });
    const { user } = renderWithProviders(<OrderImportPage />);
    await chooseAndUpload(user);
    expect(
      await screen.findByRole('status', { name: 'None of the 2 orders was imported' }),
    ).toBeInTheDocument();
    expect(notifyErrorText).toHaveBeenCalledWith('None of the 2 orders was imported');
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(notifyWarning).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: /imported order/ })).not.toBeInTheDocument();
  });

  it('says the counts and each row problem in Vietnamese, from the keys', async () => {
    await changeLanguage('vi');
    signInAs(Role.account, { account_sid: 'acc-1' });
    replyWith({ imported: 1, failedOrders: [DIFFERS], placed: PLACED });
    const { user } = renderWithProviders(<OrderImportPage />);
    await user.upload(screen.getByLabelText(/^Tệp Excel đơn hàng/), new File(['x'], 'orders.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Tải lên' }));
    const summary = await screen.findByRole('status', {
      name: 'Đã nhập 1 đơn hàng, 1 đơn hàng chưa được nhập',
    });
    expect(within(summary).getByRole('link', { name: 'Xem 1 đơn hàng vừa nhập' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Đơn hàng lỗi' });
    expect(table).toHaveTextContent('Dòng 7 — City: khác với dòng 6 của cùng đơn hàng (Seattle)');
  });

  it("shows a refused file's msg", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    upload.mockRejectedValue(
      new ApiError(
        400,
        'The file is not an Excel workbook (.xlsx). Please upload the provided template.',
        'VALIDATION_FAILED',
      ),
    );
    const { user } = renderWithProviders(<OrderImportPage />);
    await chooseAndUpload(user);
    expect(
      (
        await screen.findAllByText(
          'The file is not an Excel workbook (.xlsx). Please upload the provided template.',
        )
      ).length,
    ).toBeGreaterThan(0);
  });
});

describe('the imported count', () => {
  it.each([
    ['en', 1, '1 order imported'],
    ['en', 5, '5 orders imported'],
    ['vi', 1, 'Đã nhập 1 đơn hàng'],
    ['vi', 5, 'Đã nhập 5 đơn hàng'],
  ] as const)('in %s, %i: %s', async (language, count, words) => {
    await changeLanguage(language);
    signInAs(Role.account, { account_sid: 'acc-1' });
    replyWith({ imported: count, failedOrders: [], placed: PLACED });
    const { user } = renderWithProviders(<OrderImportPage />);
    await user.upload(screen.getByLabelText(/^(Orders Excel|Tệp Excel đơn hàng)/), new File(['x'], 'a.xlsx'));
    await user.click(screen.getByRole('button', { name: /^(Upload|Tải lên)$/ }));
    expect(await screen.findByRole('status', { name: words })).toBeInTheDocument();
  });
});
