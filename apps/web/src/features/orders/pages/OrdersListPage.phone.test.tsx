import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderSummary } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { countActiveOrderFilters, defaultOrderDates, parseOrderSearch } from '../order-search.ts';
import { renderOrdersListPage, stubOrdersServer } from '../testing/orders-list-page.tsx';

/** Mantine's media queries read matchMedia: a 390 px phone matches every max-width query the page asks. */
function onPhone() {
  const desktop = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...desktop(query),
    matches: query.includes('max-width'),
  }));
}

const stubServer = () =>
  stubOrdersServer({
    rows: [orderSummary({ sid: 'ord-1', orderNumber: 'ORD-1001' })],
    statistic: [{ status: 0, count: 1 }],
    accounts: [],
  });

describe('OrdersListPage on a phone', () => {
  beforeEach(onPhone);

  it('folds the filters behind a Filters button, the first order right under it', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer();
    const { user } = renderOrdersListPage();

    const fold = await screen.findByRole('button', { name: 'Filters' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText('ORD-1001')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Filter' })).not.toBeInTheDocument();

    await user.click(fold);

    expect(fold).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(fold.getAttribute('aria-controls') ?? '') as HTMLElement;
    // The panel opens with a transition: wait for it rather than reading at once.
    expect(await within(panel).findByRole('textbox', { name: 'Filter' })).toBeVisible();
  });

  it('says on the button how many filters are set', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer();
    renderOrdersListPage('?filter=Huong&filter_missing_hs_code=true');

    const fold = await screen.findByRole('button', { name: 'Filters (2 active)' });
    expect(fold).toHaveTextContent('Filters2');
  });
});

describe('countActiveOrderFilters', () => {
  const today = new Date(2026, 10, 20);
  const search = (query: string) => parseOrderSearch(new URLSearchParams(query), today);

  it('counts nothing for the default list', () => {
    expect(countActiveOrderFilters(search(''), true, today)).toBe(0);
    // Status, page size and sort are not in the fold.
    expect(countActiveOrderFilters(search('status=5&page_size=50&sort=barcode'), true, today)).toBe(0);
    // Blank text is no filter.
    expect(countActiveOrderFilters(search('filter=%20%20'), true, today)).toBe(0);
  });

  it('counts each text filter, a changed date range once and missing HS codes', () => {
    const { from_date } = defaultOrderDates(today);
    expect(
      countActiveOrderFilters(
        search(
          `filter=a&account_sid=acc-1&ams_masterAirWaybill=m&ams_carton_label=c&from_date=2026-01-01&to_date=`,
        ),
        true,
        today,
      ),
    ).toBe(5);
    expect(
      countActiveOrderFilters(search(`from_date=${from_date}&filter_missing_hs_code=true`), true, today),
    ).toBe(1);
  });

  it("leaves out the staff's filters for an account user, as the list itself does", () => {
    expect(
      countActiveOrderFilters(search('account_sid=acc-2&ams_carton_label=c&filter=x'), false, today),
    ).toBe(1);
  });

  it("counts no dates for a batch's orders, which show whenever they ran", () => {
    expect(countActiveOrderFilters(search('batch_sid=b-1'), true, today)).toBe(0);
  });
});
