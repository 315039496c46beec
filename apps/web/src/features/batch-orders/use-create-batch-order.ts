import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type BatchOrderUpload, batchOrderKeys, uploadBatchOrder } from './api.ts';

/**
 * POST /batch_orders, with how much of the file is sent (`sent`, 0 to 1) for the progress bar. A created
 * batch is listed at once, running, and its own query starts from the answer (in progress), so whoever follows
 * it asks the server again from there.
 */
export function useCreateBatchOrder() {
  const client = useQueryClient();
  const [sent, setSent] = useState(0);
  const create = useMutation({
    mutationFn: (upload: BatchOrderUpload) => {
      setSent(0);
      return uploadBatchOrder(upload, setSent);
    },
    onSuccess: (batch) => {
      client.setQueryData(batchOrderKeys.detail(batch.sid), { ...batch, problems: [] });
      return client.invalidateQueries({ queryKey: [...batchOrderKeys.all, 'list'] });
    },
  });
  return { create: create.mutateAsync, sent };
}
