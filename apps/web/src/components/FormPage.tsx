import { Stack } from '@mantine/core';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader.tsx';
import { QueryState } from './QueryState.tsx';
import { type PageAccess, WithAccess } from './RequireRole.tsx';

// biome-ignore lint/suspicious/noExplicitAny: any row's query key; the page only reads the row.
type RowQuery<Row> = UseQueryOptions<Row, Error, Row, any>;

type FormPageProps<Row> = {
  title: string;
  /** Who may open the page; anyone else is sent home with the refusal before anything is fetched. */
  access?: PageAccess;
} & (
  | { load?: undefined; children: ReactNode }
  | {
      /** The row an edit page edits: skeleton while it loads, the server's msg with Retry if it fails. */
      load: RowQuery<Row>;
      children: (row: Row) => ReactNode;
    }
);

function Loaded<Row>({ load, children }: { load: RowQuery<Row>; children: (row: Row) => ReactNode }) {
  // A failed load shows once, inline with Retry, not also as a toast.
  const row = useQuery(load);
  return <QueryState query={row}>{children}</QueryState>;
}

/** An add or edit page (spec §2): its one heading, then the form. */
export function FormPage<Row>(props: FormPageProps<Row>) {
  return (
    <WithAccess access={props.access}>
      <Stack gap="md">
        <PageHeader title={props.title} />
        {props.load ? <Loaded load={props.load}>{props.children}</Loaded> : props.children}
      </Stack>
    </WithAccess>
  );
}
