import type { CreateUserInput, ListUsersQuery, UpdateUserInput, User } from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (query: ListUsersQuery) => [...userKeys.all, 'list', query] as const,
  detail: (sid: string) => [...userKeys.all, 'detail', sid] as const,
};

export const usersQuery = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => api.get<User[]>('/users', { ...query }),
  });

export const userQuery = (sid: string) =>
  queryOptions({
    queryKey: userKeys.detail(sid),
    queryFn: () => api.get<User>(`/users/${sid}`),
  });

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserInput) => api.post<User>('/users', body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser(sid: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UpdateUserInput) => api.put<User>(`/users/${sid}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/users/${sid}`),
    onSuccess: invalidate,
  });
}
