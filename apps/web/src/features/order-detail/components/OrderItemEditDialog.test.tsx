import { type Order, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { order, orderItem } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { OrderItemEditDialog } from '../index.ts';

const placed = order({
  ams_sid: 'ams-1',
  items_version: 2,
  items: [orderItem({ sid: 'item-1', itemDescription: 'Gift', hs_code: '6912.00', declaredValue: 4 })],
});

type Reply = { status: number; body?: unknown };

/** The order as the server has it (each GET answers the latest), and what each PUT answers. */
function serve(orders: Order[], put: (request: StubRequest) => Reply) {
  let reads = 0;
  return stubFetch((request) => {
    if (request.method === 'GET' && request.path === `/orders/${placed.sid}`) {
      const shown = orders[Math.min(reads, orders.length - 1)];
      reads += 1;
      return { status: 200, body: shown };
    }
    if (request.method === 'PUT' && request.path === '/orders/items/item-1') return put(request);
    if (request.path === '/hs_codes') return { status: 200, body: [] };
    return undefined;
  });
}

function open(field?: string) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const rendered = renderWithProviders(
    <OrderItemEditDialog
      orderSid={placed.sid}
      itemSid="item-1"
      field={field}
      opened
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { ...rendered, onClose, onSaved };
}

const putBody = (fetch: ReturnType<typeof stubFetch>) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
  return call && JSON.parse(String(call[1]?.body));
};

describe('OrderItemEditDialog', () => {
  it("starts on the finding's field, warns of a vague description, and sends only what changed with the version read", async () => {
    signInAs(Role.operator);
    const fetch = serve([placed], () => ({
      status: 200,
      body: { ...placed, items_version: 3 },
    }));
    const { user, onClose, onSaved } = open('itemDescription');
    const dialog = await screen.findByRole('dialog', { name: 'Correct item' });
    const description = await within(dialog).findByRole('textbox', { name: /^Description/ });
    expect(description).toHaveValue('Gift');
    await waitFor(() => expect(description).toHaveFocus());
    expect(within(dialog).getByTestId('item-description-warning')).toHaveTextContent('vague');
    // HS codes stay the admins': an operator reads it as text, no field.
    expect(within(dialog).queryByRole('combobox', { name: 'HS code' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('6912.00');

    await user.clear(description);
    await user.type(description, 'Ceramic tea cups');
    expect(within(dialog).queryByTestId('item-description-warning')).not.toBeInTheDocument();
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSaved).toHaveBeenCalled();
    expect(putBody(fetch)).toEqual({ items_version: 2, itemDescription: 'Ceramic tea cups', quantity: 3 });
    expect(await screen.findByText('Item SKU-TEE updated')).toBeInTheDocument();
  });

  it('focuses the declared value when the finding is about it, and checks it by the shared rules', async () => {
    signInAs(Role.admin);
    const fetch = serve([placed], () => ({ status: 200, body: placed }));
    const { user } = open('declaredValue');
    const dialog = await screen.findByRole('dialog', { name: 'Correct item' });
    const value = await within(dialog).findByRole('textbox', { name: 'Value of one piece (USD)' });
    await waitFor(() => expect(value).toHaveFocus());
    await user.clear(value);
    await user.type(value, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Declared value must be more than 0')).toBeInTheDocument();
    expect(putBody(fetch)).toBeUndefined();
    // Admins pick the HS code.
    expect(within(dialog).getByRole('combobox', { name: 'HS code' })).toBeInTheDocument();
  });

  it("shows the server's msg when someone else saved first, and the items as they are now", async () => {
    signInAs(Role.admin);
    const theirs = order({
      ...placed,
      items_version: 3,
      items: [orderItem({ sid: 'item-1', itemDescription: 'Porcelain bowls', hs_code: '6912.00' })],
    });
    const msg = 'Someone else changed the items of order ORD-1001 meanwhile: look at them again, then save.';
    serve([placed, theirs], () => ({ status: 409, body: { code: 'ITEMS_CHANGED', msg } }));
    const { user, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Correct item' });
    const description = await within(dialog).findByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.type(description, 'Ceramic tea cups');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByTestId('item-edit-refusal')).toHaveTextContent(msg);
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Description/ })).toHaveValue('Porcelain bowls'),
    );
    expect(within(dialog).getByTestId('item-edit-refusal')).toHaveTextContent(msg);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the manifest is already submitted, and saves nothing when nothing changed', async () => {
    signInAs(Role.admin);
    const msg =
      'Order ORD-1001 is on manifest Night, which is already submitted: its items can no longer change.';
    serve([placed], () => ({ status: 409, body: { code: 'ORDER_MANIFEST_SUBMITTED', msg } }));
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Correct item' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('item-edit-refusal')).toHaveTextContent(
      'Nothing changed: correct a field first.',
    );
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('item-edit-refusal')).toHaveTextContent(msg);
  });
});
