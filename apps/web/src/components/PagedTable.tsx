import { DataTable, type DataTableProps } from './DataTable.tsx';
import { PagedListFooter, type PagedListFooterProps } from './PagedListFooter.tsx';

interface PagedTableProps<Row> extends DataTableProps<Row> {
  /** The count and the page control under the table. */
  paging: PagedListFooterProps;
}

/**
 * A paged list's table and, under it, its count and page control. Both sit in the page's own stack, spaced
 * as the page spaces its other parts.
 */
export function PagedTable<Row>({ paging, ...table }: PagedTableProps<Row>) {
  return (
    <>
      <DataTable {...table} />
      <PagedListFooter {...paging} />
    </>
  );
}
