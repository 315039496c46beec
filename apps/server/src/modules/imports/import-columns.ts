/**
 * The import workbook: its columns (the template is built from the same list, so the two always match) and
 * the rows turned into orders. Rows sharing an order number are one order, one item a row; each order is
 * checked with the very schema POST /orders uses (CreateOrderInputSchema), and every problem is named by the
 * sheet's row and the file's own column header.
 */
import {
  type CreateOrderInput,
  CreateOrderInputSchema,
  englishOf,
  type IssueLike,
  issueText,
  plainText,
  text as say,
  type Text,
} from '@parcelops/shared';
import { cellText, type PlainCell } from '../../lib/excel/cell-value.ts';
import type { SheetRow } from '../../lib/excel/sheet-reader.ts';
import type { OrderInput, OrderProblem } from '../orders/order-drafts.ts';

interface ImportColumn {
  key: string;
  headers: readonly string[];
  required: boolean;
  /** The template's two example rows (one order, two items). */
  example: readonly [string | number, string | number];
}

const same = (value: string | number): readonly [string | number, string | number] => [value, value];

/** Order-level columns: read from the order's first row; later rows may repeat them or leave them blank. */
const ORDER_COLUMNS: readonly ImportColumn[] = [
  { key: 'orderNumber', headers: ['orderNumber', 'Order Number'], required: true, example: same('ORD-1001') },
  {
    key: 'name',
    headers: ['name', 'Customer Name', 'customerName'],
    required: true,
    example: same('Jane Doe'),
  },
  { key: 'phone', headers: ['phone', 'Phone'], required: false, example: same('+1 206 555 0100') },
  { key: 'address1', headers: ['address1', 'Address 1'], required: true, example: same('400 Pine St') },
  { key: 'address2', headers: ['address2', 'Address 2'], required: false, example: same('Suite 2') },
  { key: 'city', headers: ['city'], required: true, example: same('Seattle') },
  { key: 'state', headers: ['state'], required: true, example: same('WA') },
  { key: 'country', headers: ['country'], required: true, example: same('US') },
  {
    key: 'postalCode',
    headers: ['postalCode', 'Postal Code', 'zip'],
    required: true,
    example: same('98101'),
  },
  { key: 'sellerName', headers: ['sellerName', 'Seller Name'], required: false, example: same('') },
  {
    key: 'sellerAddress1',
    headers: ['sellerAddress1', 'Seller Address 1'],
    required: false,
    example: same(''),
  },
  {
    key: 'sellerAddress2',
    headers: ['sellerAddress2', 'Seller Address 2'],
    required: false,
    example: same(''),
  },
  { key: 'sellerCity', headers: ['sellerCity', 'Seller City'], required: false, example: same('') },
  { key: 'sellerState', headers: ['sellerState', 'Seller State'], required: false, example: same('') },
  {
    key: 'sellerPostalCode',
    headers: ['sellerPostalCode', 'Seller Postal Code'],
    required: false,
    example: same(''),
  },
  { key: 'sellerCountry', headers: ['sellerCountry', 'Seller Country'], required: false, example: same('') },
];

/** Item columns: one item a row. A blank measure is 0, which takes the SKU's declared measures. */
const ITEM_COLUMNS: readonly ImportColumn[] = [
  {
    key: 'skuNumber',
    headers: ['skuNumber', 'Sku'],
    required: true,
    example: ['SKU-TEE-001', 'SKU-MUG-002'],
  },
  { key: 'quantity', headers: ['quantity', 'Qty'], required: true, example: [2, 1] },
  {
    key: 'itemDescription',
    headers: ['itemDescription', 'Description'],
    required: false,
    example: ['Cotton T-shirt', 'Ceramic mug'],
  },
  { key: 'itemWeight', headers: ['itemWeight', 'Weight'], required: false, example: [180, 350] },
  { key: 'itemWidth', headers: ['itemWidth', 'Width'], required: false, example: [20, 10] },
  { key: 'itemHeight', headers: ['itemHeight', 'Height'], required: false, example: [2, 10] },
  { key: 'itemLength', headers: ['itemLength', 'Length'], required: false, example: [30, 10] },
  // No example HS code: the template must upload on a fresh install, before any HS code exists.
  { key: 'hs_code', headers: ['hs_code', 'HS Code', 'hsCode'], required: false, example: same('') },
  // Customs facts (issue 20): blank takes the SKU's declared ones, then none and VN.
  {
    key: 'declaredValue',
    headers: ['declaredValue', 'Declared Value', 'Value (USD)', 'Declared Value (USD)'],
    required: false,
    example: [8.5, 6],
  },
  {
    key: 'originCountry',
    headers: ['originCountry', 'Origin Country', 'Country of Origin', 'Origin'],
    required: false,
    example: same('VN'),
  },
];

export const ORDER_IMPORT_COLUMNS: readonly ImportColumn[] = [...ORDER_COLUMNS, ...ITEM_COLUMNS];

const SELLER_FIELDS: Record<string, string> = {
  name: 'sellerName',
  address1: 'sellerAddress1',
  address2: 'sellerAddress2',
  city: 'sellerCity',
  state: 'sellerState',
  postalCode: 'sellerPostalCode',
  country: 'sellerCountry',
};

/**
 * A problem of the file: the sheet rows it is on (an order's problem is on all its rows), the column's key
 * when it is one cell's, and why. An import says it in words (describeProblem); a batch lists it with the
 * cell's value and writes it beside the row in the seller's sheet.
 */
export interface SheetProblem {
  rows: readonly number[];
  column?: string;
  /** English, for the msg API clients read. */
  message: string;
  /** The same words as a catalogue text, for the web to render in the chosen language. */
  text: Text;
}

/** A problem from its catalogue text (its English made once, here). */
export function sheetProblem(rows: readonly number[], column: string | undefined, words: Text): SheetProblem {
  return { rows, column, message: englishOf(words), text: words };
}

/**
 * The text of a problem another domain reports (order drafting, placing): its own text when it carries one,
 * else its English kept as it is.
 */
export function reportedText(problem: { message: string | Text; text?: Text }): Text {
  if (problem.text) return problem.text;
  return typeof problem.message === 'string' ? plainText(problem.message) : problem.message;
}

/** One order of the file: its sheet rows (the first holds the order's fields) and what they say. */
export interface ImportedOrder {
  orderNumber: string;
  rows: number[];
  input?: OrderInput;
  /** Every problem found by the schema and the row rules. */
  problems: SheetProblem[];
}

const text = (cells: SheetRow['cells'], key: string) => cellText(cells[key] ?? null);

/** A number cell as POST /orders would get it; blank measures are 0 and text stays text for zod to refuse. */
function measure(value: PlainCell | undefined, key: string): unknown {
  const given = cellText(value ?? null);
  if (given === '') return key === 'quantity' ? undefined : key === 'declaredValue' ? null : 0;
  const number = Number(given);
  return typeof value === 'number' ? value : Number.isFinite(number) ? number : given;
}

/**
 * Where drafting's problems (order-drafts.ts: prices, HS codes, declared SKUs) are in the sheet: `items.N.field`
 * is the item's row and that column; anything else is the whole order's.
 */
export function draftSheetProblems(order: ImportedOrder, problems: readonly OrderProblem[]): SheetProblem[] {
  return problems.map((problem) => {
    const item = problem.path?.match(/^items\.(\d+)\.(\w+)$/);
    const words = reportedText(problem);
    // An order column's problem (the ZIP code not the state's) is on the order's first row, in that column.
    if (problem.path && ORDER_COLUMNS.some((column) => column.key === problem.path))
      return sheetProblem([order.rows[0] as number], problem.path, words);
    if (!item) return sheetProblem(order.rows, undefined, words);
    const row = order.rows[Number(item[1])] ?? (order.rows[0] as number);
    return sheetProblem([row], item[2] as string, words);
  });
}

function inputOf(group: SheetRow[]): CreateOrderInput {
  const first = (group[0] as SheetRow).cells;
  const seller = Object.fromEntries(
    Object.entries(SELLER_FIELDS).map(([field, key]) => [field, text(first, key) || null]),
  );
  return {
    orderNumber: text(first, 'orderNumber'),
    name: text(first, 'name'),
    phone: text(first, 'phone') || null,
    address1: text(first, 'address1'),
    address2: text(first, 'address2') || null,
    city: text(first, 'city'),
    state: text(first, 'state'),
    country: text(first, 'country'),
    postalCode: text(first, 'postalCode'),
    sellerInformation: Object.values(seller).some((value) => value !== null) ? seller : null,
    items: group.map(({ cells }) => ({
      skuNumber: text(cells, 'skuNumber'),
      quantity: measure(cells.quantity, 'quantity') as number,
      itemDescription: text(cells, 'itemDescription') || null,
      itemWeight: measure(cells.itemWeight, 'itemWeight') as number,
      itemWidth: measure(cells.itemWidth, 'itemWidth') as number,
      itemHeight: measure(cells.itemHeight, 'itemHeight') as number,
      itemLength: measure(cells.itemLength, 'itemLength') as number,
      hs_code: text(cells, 'hs_code') || null,
      declaredValue: measure(cells.declaredValue, 'declaredValue') as number | null,
      originCountry: text(cells, 'originCountry') || null,
    })),
  };
}

/** Where a zod issue of the grouped order points in the sheet. */
function issueAt(group: SheetRow[], issue: { path: PropertyKey[]; message: string }): SheetProblem {
  const rows = group.map((entry) => entry.row);
  const [head, position, field] = issue.path;
  // zod's issue is the IssueLike that issueText reads (its code and data beside the message).
  const words = issueText(issue as IssueLike);
  if (head === 'items' && typeof position === 'number') {
    const row = group[position]?.row ?? (rows[0] as number);
    return sheetProblem([row], typeof field === 'string' ? field : undefined, words);
  }
  if (head === 'items') return sheetProblem(rows, undefined, words);
  if (head === 'sellerInformation' && typeof position === 'string')
    return sheetProblem([rows[0] as number], SELLER_FIELDS[position] ?? position, words);
  return sheetProblem([rows[0] as number], typeof head === 'string' ? head : undefined, words);
}

/** A later row of an order that gives another value for an order field: likely two orders sharing a number. */
function conflicts(group: SheetRow[]): SheetProblem[] {
  const first = group[0] as SheetRow;
  const problems: SheetProblem[] = [];
  for (const entry of group.slice(1)) {
    for (const { key } of ORDER_COLUMNS) {
      const value = text(entry.cells, key);
      if (value !== '' && value !== text(first.cells, key)) {
        const firstValue = text(first.cells, key);
        problems.push(
          sheetProblem(
            [entry.row],
            key,
            say('imports.differsFromRow', { row: first.row, value: firstValue || say('imports.blank') }),
          ),
        );
      }
    }
  }
  return problems;
}

/** One order's rows (its first holds the order's fields), checked by POST /orders' schema and the row rules. */
export function checkedOrder(group: SheetRow[]): ImportedOrder {
  const rows = group.map((entry) => entry.row);
  const orderNumber = text((group[0] as SheetRow).cells, 'orderNumber');
  const parsed = CreateOrderInputSchema.safeParse(inputOf(group));
  const problems = conflicts(group);
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issueAt(group, issue)));
  if (problems.length > 0 || !parsed.success) return { orderNumber, rows, problems };
  return { orderNumber, rows, input: parsed.data, problems };
}

/** The template's rows: the header, then one order of two items (two rows sharing its order number). */
export function templateRows(): (string | number)[][] {
  return [
    ORDER_IMPORT_COLUMNS.map((column) => column.headers[0] as string),
    ORDER_IMPORT_COLUMNS.map((column) => column.example[0]),
    ORDER_IMPORT_COLUMNS.map((column) => column.example[1]),
  ];
}
