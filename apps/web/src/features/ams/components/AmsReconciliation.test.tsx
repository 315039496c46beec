import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { order, orderItem } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { finding, reconciliation } from '../testing/ams-fixtures.ts';
import { AmsReconciliation } from './AmsReconciliation.tsx';

const vague = finding({
  order_sid: 'ord-1',
  item_sid: 'item-1',
  barcode: 'PO000000001',
  field: 'itemDescription',
  key: 'ams.finding.vagueDescription',
  params: { sku: 'SKU-TEE', description: 'Gift' },
  message: 'Item SKU-TEE: "Gift" is too vague for US Customs; say what the goods are.',
});
const noPhone = finding({
  order_sid: 'ord-2',
  barcode: 'PO000000002',
  field: 'phone',
  key: 'ams.finding.noPhone',
  params: undefined,
  message: 'The consignee has no phone number.',
});

describe('AmsReconciliation, fixing a problem where it is shown (issue 28)', () => {
  it("gives a Fix to each finding about an item, opening that item's correction on the finding's field", async () => {
    signInAs(Role.admin);
    stubFetch((request) =>
      request.method === 'GET' && request.path === '/orders/ord-1'
        ? {
            status: 200,
            body: order({ items: [orderItem({ sid: 'item-1', itemDescription: 'Gift' })] }),
          }
        : request.path === '/hs_codes'
          ? { status: 200, body: [] }
          : undefined,
    );
    const { user } = renderWithProviders(
      <AmsReconciliation reconciliation={reconciliation({ problems: [vague, noPhone] })} />,
    );
    const problems = screen.getByRole('table', { name: 'Problems that stop the filing' });
    // An order-level finding (the phone) has no item to correct here: its barcode leads to the order.
    expect(within(problems).getAllByRole('button', { name: /^Fix / })).toHaveLength(1);

    await user.click(within(problems).getByRole('button', { name: /^Fix PO000000001: Item SKU-TEE/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct item' });
    expect(await within(dialog).findByRole('textbox', { name: /^Description/ })).toHaveValue('Gift');
  });

  it('offers no Fix once the manifest may no longer change', () => {
    signInAs(Role.admin);
    renderWithProviders(
      <AmsReconciliation reconciliation={reconciliation({ problems: [vague] })} canFix={false} />,
    );
    expect(screen.queryByRole('button', { name: /^Fix / })).not.toBeInTheDocument();
  });
});
