import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { uploadOrders } from '../api.ts';
import { OrderImportPage } from './OrderImportPage.tsx';

// The upload is replaced: these tests are about what the page does with the reply (lib/api-client.test.ts
// covers the upload itself).
vi.mock('../api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api.ts')>()),
  uploadOrders: vi.fn(),
}));
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
afterEach(() => upload.mockReset());

async function chooseAndUpload(user: ReturnType<typeof renderWithProviders>['user']) {
  const button = screen.getByRole('button', { name: 'Upload' });
  expect(button).toBeDisabled();
  await user.upload(screen.getByLabelText(/^Orders Excel/), new File(['x'], 'orders.xlsx'));
  await user.click(button);
}

describe('OrderImportPage', () => {
  it('lists the failed orders with their reason, and says how many were imported', async () => {
    signInAs(Role.admin);
    upload.mockImplementation(async (_input, onProgress) => {
      onProgress(1);
      return {
        imported: 3,
        failedOrders: [{ orderNumber: 'ORD-9', msg: 'Row 5, column City: City is required' }],
      };
    });
    const { user } = renderWithProviders(<OrderImportPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Import orders');

    await user.click(screen.getByRole('combobox', { name: /^Account/ }));
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
    expect(within(table).getByText('ORD-9')).toBeInTheDocument();
    expect(within(table).getByText('Row 5, column City: City is required')).toBeInTheDocument();
    expect((await screen.findAllByText('3 orders imported')).length).toBeGreaterThan(0);
  });

  it('shows the success toast when nothing failed, with no account choice for an account user', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    upload.mockResolvedValue({ imported: 2, failedOrders: [] });
    const { user } = renderWithProviders(<OrderImportPage />);
    expect(screen.queryByRole('combobox', { name: /^Account/ })).not.toBeInTheDocument();
    await chooseAndUpload(user);
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ accountSid: null }), expect.any(Function));
    expect((await screen.findAllByText('Successfully imported orders')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table', { name: 'Failed Orders' })).not.toBeInTheDocument();
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
