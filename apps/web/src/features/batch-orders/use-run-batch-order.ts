import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchOrderKeys, runBatchOrder } from './api.ts';

/**
 * POST /batch_orders/{sid}/run ("Run again", "Place orders"): the answer (in progress) becomes the batch's
 * data, so its page follows it by itself until the job is done; the lists are asked again.
 */
export function useRunBatchOrder() {
  const client = useQueryClient();
  const run = useMutation({
    mutationFn: runBatchOrder,
    onSuccess: (batch) => {
      client.setQueryData(batchOrderKeys.detail(batch.sid), batch);
      return client.invalidateQueries({ queryKey: [...batchOrderKeys.all, 'list'] });
    },
  });
  return { run: run.mutateAsync, running: run.isPending };
}
