import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from './notify.ts';

export interface ConfirmedDeleteOptions<Row> {
  /** Deletes the row on the server. */
  remove: (row: Row) => Promise<unknown>;
  /** The question the dialog asks, e.g. "Do you want to delete the vendor {name}?". */
  question: (row: Row) => string;
  /** The success toast. */
  done: (row: Row) => string;
  /** Before the server's msg in the failure toast, where the spec words one ("Failed to delete HS code "). */
  failurePrefix?: string;
  /** Anything else to do once it is gone (e.g. sign out after deleting yourself). */
  afterDelete?: (row: Row) => void;
}

/**
 * Delete with a confirmation, as every list does: `ask(row)` opens the dialog; confirming deletes, toasts the
 * result (the server's msg on failure, e.g. a 409 for something still in use) and closes it.
 */
export function useConfirmedDelete<Row>({
  remove,
  question,
  done,
  failurePrefix,
  afterDelete,
}: ConfirmedDeleteOptions<Row>): {
  ask: (row: Row) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    try {
      await remove(pending);
      notifySuccess(done(pending));
      afterDelete?.(pending);
    } catch (error) {
      notifyError(error, failurePrefix);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      message={pending === null ? '' : question(pending)}
      onConfirm={confirm}
      onCancel={() => setPending(null)}
      loading={busy}
    />
  );
  return { ask: setPending, dialog };
}
