import type { CreateUserInput, ListUsersQuery, UpdateUserInput, User } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, rowQuery, useDeleteRow, useInvalidatingMutation } from '../../lib/query-helpers.ts';

export const userKeys = resourceKeys<'users', ListUsersQuery>('users');

export const usersQuery = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => api.get<User[]>('/users', { ...query }),
  });

export const userQuery = rowQuery<User>(userKeys, '/users');

export const useCreateUser = () =>
  useInvalidatingMutation((body: CreateUserInput) => api.post<User>('/users', body), userKeys.all);

export const useUpdateUser = (sid: string) =>
  useInvalidatingMutation((body: UpdateUserInput) => api.put<User>(`/users/${sid}`, body), userKeys.all);

export const useDeleteUser = () => useDeleteRow(userKeys, '/users');
