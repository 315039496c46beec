/**
 * What every feature's api.ts builds its queries and mutations from: one key tree per resource, and mutations
 * that fetch again what they changed.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A resource's query keys: everything under `root`, its lists by query, its rows by sid. */
export function resourceKeys<Root extends string, ListQuery = string>(root: Root) {
  const all = [root] as const;
  return {
    all,
    list: (query: ListQuery) => [...all, 'list', query] as const,
    detail: (sid: string) => [...all, 'detail', sid] as const,
  };
}

/** A mutation after which every query under each of `keys` is fetched again (the lists and rows it moved). */
export function useInvalidatingMutation<Variables, Reply>(
  mutationFn: (variables: Variables) => Promise<Reply>,
  ...keys: QueryKey[]
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
