/**
 * What every feature's api.ts builds its queries and mutations from: one key tree per resource, and mutations
 * that fetch again what they changed.
 */
import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

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

type Keys = ReturnType<typeof resourceKeys<string, never>>;

/** One row of a resource by sid (GET /{root}/{sid}), under the resource's detail key. */
export function rowQuery<Row>(keys: Pick<Keys, 'detail'>, path: string) {
  return (sid: string) =>
    queryOptions({
      queryKey: keys.detail(sid),
      queryFn: () => api.get<Row>(`${path}/${sid}`),
    });
}

/** Deletes a row by sid (DELETE /{root}/{sid}); everything under the resource is fetched again. */
export function useDeleteRow(keys: Pick<Keys, 'all'>, path: string) {
  return useInvalidatingMutation((sid: string) => api.delete<{ sid: string }>(`${path}/${sid}`), keys.all);
}
