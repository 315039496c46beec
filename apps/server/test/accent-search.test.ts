/**
 * Search that forgives (issue 21): every text filter finds a row whatever accents and letter case the query
 * or the row has, takes `%` and `_` literally, treats a query of spaces as no filter, and goes through the
 * index built on the same expression (checked with the planner's sequential and plain index scans turned off).
 */
import { searchFold } from '@parcelops/shared';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { transactionSql } from '../src/db/database.ts';
import { foldedContains } from '../src/lib/sql.ts';
import { accounts } from '../src/modules/accounts/accounts.table.ts';
import {
  declarationSearchText,
  itemDeclarations,
} from '../src/modules/item-declarations/item-declarations.table.ts';
import { orderTextCondition } from '../src/modules/orders/orders.repository.ts';
import { orders } from '../src/modules/orders/orders.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { createOrder, createOrderAccount } from './order-fixtures.ts';
import { unique } from './test-app.ts';
import { openTestWorld } from './test-world.ts';

const { t, admin, operator } = await openTestWorld({ orderAccounts: true });

const VIETNAMESE = 'aàáảãạăằắẳẵặâầấẩẫậeèéẻẽẹêềếểễệiìíỉĩịoòóỏõọôồốổỗộơờớởỡợuùúủũụưừứửữựyỳýỷỹỵđ';
const SAMPLES = [
  VIETNAMESE,
  VIETNAMESE.toUpperCase(),
  VIETNAMESE.normalize('NFD'),
  VIETNAMESE.toUpperCase().normalize('NFD'),
  'Hương Nguyễn ĐỖ Ðức',
  'José Müller-Ångström Øster Łódź ħ ı ŧ ɖ',
  'Maria Garcia ON-123 100% a_b \\',
  '東京 Москва Σοφία 😀 ǅ ﬁ \uffff',
  '   ',
  '',
];

async function listed(path: string, token: string, filter: string, query: Record<string, string> = {}) {
  const response = await t.call('GET', path, { token, query: { ...query, filter } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return (Array.isArray(body) ? body : body.data) as Record<string, unknown>[];
}

describe('search_fold in the database', () => {
  it('folds exactly as searchFold does, letter for letter', async () => {
    for (const sample of SAMPLES) {
      const { rows } = await t.database.sql.executeSql('select search_fold($1) as folded', [sample]);
      expect((rows[0] as { folded: string }).folded, sample).toBe(searchFold(sample));
    }
  });

  it('keeps the digits of a phone number', async () => {
    const { rows } = await t.database.sql.executeSql('select search_digits($1) as digits', [
      '+1 (213) 555-0147',
    ]);
    expect((rows[0] as { digits: string }).digits).toBe('12135550147');
  });
});

describe('GET /orders filter', async () => {
  const account = await createOrderAccount(t, admin);
  const { token } = await t.createUser(admin, { role: 0, account_sid: account.sid });
  const huong = await createOrder(t, token, { name: 'Hương Trần', orderNumber: 'ĐH-0001' });
  const nguyen = await createOrder(t, token, { name: 'Nguyễn Văn An', phone: '+1 (213) 555-0147' });
  const doLan = await createOrder(t, token, { name: 'Đỗ Thị Lan' });
  const wild = await createOrder(t, token, { name: '100% Cotton_Shop', orderNumber: 'P_1%' });
  // Pasted from a file that keeps accents apart.
  const decomposed = await createOrder(t, token, { name: 'Phạm Hưng'.normalize('NFD') });
  const all = [huong, nguyen, doLan, wild, decomposed].map((order) => order.sid).sort();
  const found = async (filter: string) =>
    (await listed('/orders', token, filter)).map((order) => order.sid as string).sort();

  it('finds names without accents and in any case', async () => {
    expect(await found('Huong')).toEqual([huong.sid]);
    expect(await found('HƯƠNG')).toEqual([huong.sid]);
    expect(await found('NGUYEN')).toEqual([nguyen.sid]);
    expect(await found('nguyễn văn')).toEqual([nguyen.sid]);
    expect(await found('Đỗ')).toEqual([doLan.sid]);
    expect(await found('do thi')).toEqual([doLan.sid]);
    expect(await found('pham hung')).toEqual([decomposed.sid]);
    expect(await found('Phạm Hưng')).toEqual([decomposed.sid]);
  });

  it('finds order numbers by prefix, barcodes and phone digits the same forgiving way', async () => {
    expect(await found('dh-00')).toEqual([huong.sid]);
    expect(await found(huong.barcode.toLowerCase())).toEqual([huong.sid]);
    expect(await found('213 555 0147')).toEqual([nguyen.sid]);
    expect(await found('555-01')).toEqual([nguyen.sid]);
    expect(await found('(213)5550147')).toEqual([nguyen.sid]);
  });

  it('takes % and _ literally', async () => {
    // One character looks only at beginnings (issue 28): no order number here begins with '%' or '_'.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    expect(await found('0%')).toEqual([wild.sid]);
    expect(await found('p_')).toEqual([wild.sid]);
    expect(await found('0% cotton_')).toEqual([wild.sid]);
    expect(await found('p_1%')).toEqual([wild.sid]);
    expect(await found('100_')).toEqual([]);
    expect(await found('%%')).toEqual([]);
    expect(await found('h_ong')).toEqual([]);
  });

  it('treats a query of spaces as no filter', async () => {
    expect(await found('   ')).toEqual(all);
    expect(await found('')).toEqual(all);
  });
});

describe('GET /users filter', async () => {
  const tag = unique('').slice(-6).toLowerCase();
  const names = [`huong.tran${tag}`, `nguyen_an${tag}`, `do.lan${tag}`, `x_y${tag}`, `xzy${tag}`];
  for (const username of names) await t.createUser(admin, { role: 1, username });
  const found = async (filter: string) =>
    (await listed('/users', admin, filter)).map((user) => user.username as string).sort();

  it('finds usernames from queries with accents and capitals', async () => {
    expect(await found(`Hương.Trần${tag}`)).toEqual([names[0]]);
    expect(await found(`NGUYỄN_AN${tag}`)).toEqual([names[1]]);
    expect(await found(`Đỗ.lan${tag}`)).toEqual([names[2]]);
  });

  it('takes % and _ literally', async () => {
    expect(await found(`x_y${tag}`)).toEqual([names[3]]);
    expect(await found(`%${tag}`)).toEqual([]);
  });

  it('treats a query of spaces as no filter', async () => {
    const everyone = (await listed('/users', admin, '')).length;
    expect((await listed('/users', admin, '   ')).length).toBe(everyone);
    expect(everyone).toBeGreaterThanOrEqual(names.length + 4);
  });
});

describe('GET /accounts filter', async () => {
  const tag = unique('').slice(-6);
  const created = [];
  for (const [name, email] of [
    [`Cửa hàng Hương ${tag}`, `shop${tag}@example.com`],
    [`NGUYỄN Store ${tag}`, `nguyen${tag}@example.com`],
    [`Đỗ Gia ${tag}`, `dogia${tag}@example.com`],
    [`50%_off ${tag}`, `deals${tag}@example.com`],
  ] as const)
    created.push(await t.createAccount(admin, { name, email }));
  const [huong, nguyen, doGia, deals] = created.map((account) => account.sid);
  const found = async (token: string, filter: string) =>
    (await listed('/accounts', token, filter)).map((account) => account.sid as string).sort();

  it('finds names (and, for admins, emails) without accents and in any case', async () => {
    for (const token of [admin, operator.token]) {
      expect(await found(token, `cua hang huong ${tag}`)).toEqual([huong]);
      expect(await found(token, `nguyen store ${tag}`)).toEqual([nguyen]);
      expect(await found(token, `DO GIA ${tag}`)).toEqual([doGia]);
      expect(await found(token, `Đỗ gia ${tag}`)).toEqual([doGia]);
    }
    expect(await found(admin, `NGUYEN${tag}@EXAMPLE`)).toEqual([nguyen]);
  });

  it('takes % and _ literally', async () => {
    for (const token of [admin, operator.token]) {
      expect(await found(token, `50%_off ${tag}`)).toEqual([deals]);
      expect(await found(token, `%_off ${tag}`)).toEqual([deals]);
      expect(await found(token, `5__%off ${tag}`)).toEqual([]);
    }
  });

  it('treats a query of spaces as no filter', async () => {
    const every = (await listed('/accounts', admin, '')).length;
    expect((await listed('/accounts', admin, '  ')).length).toBe(every);
    expect(every).toBeGreaterThanOrEqual(created.length + 2);
  });
});

describe('GET /item_declarations/all filter (the list and the SKU autocomplete)', async () => {
  const account = await createOrderAccount(t, admin);
  const { token } = await t.createUser(admin, { role: 0, account_sid: account.sid });
  const declare = async (fields: Record<string, unknown>) => {
    const response = await t.call('POST', '/item_declarations', {
      token,
      body: {
        skuNumber: unique('SKU-'),
        name: 'Tee',
        refName: 'Ao',
        itemDescription: 'Cotton tee',
        itemWeight: 100,
        itemWidth: 1,
        itemHeight: 1,
        itemLength: 1,
        can_combine: false,
        ...fields,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().skuNumber as string;
  };
  const aoDai = await declare({ name: 'Áo dài Hương' });
  const nonLa = await declare({ itemDescription: 'Nón lá NGUYỄN' });
  const doSku = await declare({ skuNumber: 'ĐỒ-GỐM-01' });
  const wild = await declare({ skuNumber: 'SKU_50%', refName: 'Giảm 50%' });
  const found = async (filter: string) =>
    (await listed('/item_declarations/all', token, filter)).map((row) => row.skuNumber as string).sort();

  it('finds SKUs, names and descriptions without accents and in any case', async () => {
    expect(await found('ao dai huong')).toEqual([aoDai]);
    expect(await found('HUONG')).toEqual([aoDai]);
    expect(await found('non la nguyen')).toEqual([nonLa]);
    expect(await found('nguyen')).toEqual([nonLa]);
    expect(await found('do-gom')).toEqual([doSku]);
    expect(await found('Đồ-gốm')).toEqual([doSku]);
  });

  it('finds a text inside one field, not across two', async () => {
    expect(await found('tee ao')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await found('_50%')).toEqual([wild]);
    expect(await found('%')).toEqual([wild]);
    expect(await found('sku_5')).toEqual([wild]);
    expect(await found('sku%')).toEqual([]);
  });

  it('treats a query of spaces as no filter', async () => {
    expect(await found('   ')).toEqual([aoDai, nonLa, doSku, wild].sort());
  });
});

describe('the searches use their indexes', () => {
  /** The plan of `select ... where condition` with sequential and plain index scans off: bitmap scans remain. */
  async function planOf(
    table: typeof orders | typeof users | typeof accounts | typeof itemDeclarations,
    where: SQL,
  ) {
    const query = t.database.db.select({ sid: table.sid }).from(table).where(where).toSQL();
    return t.database.db.transaction(async (tx) => {
      const client = transactionSql(tx);
      await client.executeSql('set local enable_seqscan = off');
      await client.executeSql('set local enable_indexscan = off');
      await client.executeSql('set local enable_indexonlyscan = off');
      const { rows } = await client.executeSql(`explain ${query.sql}`, query.params);
      return rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n');
    });
  }

  it.each([
    // Issue 28: a barcode, a city and a ZIP are found by their beginnings too (orders-search.test.ts).
    [
      'a name',
      'Hương',
      ['orders_name_fold_trgm_idx', 'orders_order_number_fold_idx', 'orders_city_fold_idx'],
    ],
    ['a phone number', '213 555', ['orders_phone_digits_trgm_idx', 'orders_postal_code_pattern_idx']],
    // The unique key or the pattern index: either answers an equality.
    ['a barcode', 'po0000123457', ['orders_barcode_', 'orders_order_number_fold_idx']],
  ])('orders by %s', async (_what, text, indexes) => {
    const plan = await planOf(orders, orderTextCondition(text));
    for (const index of indexes) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan');
  });

  it('users, accounts and item declarations', async () => {
    const plans = [
      [await planOf(users, foldedContains(users.username, 'Hương')), 'users_username_fold_trgm_idx'],
      [await planOf(accounts, foldedContains(accounts.name, 'Hương')), 'accounts_name_fold_trgm_idx'],
      [await planOf(accounts, foldedContains(accounts.email, 'huong@')), 'accounts_email_fold_trgm_idx'],
      [
        await planOf(itemDeclarations, foldedContains(declarationSearchText(itemDeclarations), 'Áo dài')),
        'item_declarations_search_trgm_idx',
      ],
    ];
    for (const [plan, index] of plans) {
      expect(plan).toContain(index);
      expect(plan).not.toContain('Seq Scan');
    }
  });
});
