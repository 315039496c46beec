import { Role } from '@parcelops/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { signInAs } from '../../../test/session.ts';
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

beforeEach(() => {
  stubFetch((request) => {
    if (request.method !== 'GET') return undefined;
    if (request.path === '/accounts') return { status: 200, body: accounts };
    if (request.path === '/batch_orders') return { status: 200, body: { data: [], total: 0 } };
    return undefined;
  });
});
afterEach(() => upload.mockReset());

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

    finish(batchOrder());
    expect((await screen.findAllByText('Successfully created batch order')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/internal\/batch_orders$/);
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
