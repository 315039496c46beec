import type {
  ItemDeclaration,
  ItemDeclarationBatchResult,
  ItemDeclarationFields,
  ItemDeclarationInput,
} from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Whose declarations: a chosen account (operators and admins), or null for the caller's own (account users). */
export type DeclarationAccount = string | null;

export const itemDeclarationKeys = {
  all: ['item_declarations'] as const,
  list: (accountSid: DeclarationAccount, filter: string) =>
    [...itemDeclarationKeys.all, 'list', accountSid ?? 'own', filter] as const,
};

export const itemDeclarationsQuery = (accountSid: DeclarationAccount, filter: string) =>
  queryOptions({
    queryKey: itemDeclarationKeys.list(accountSid, filter),
    queryFn: () =>
      api.get<ItemDeclaration[]>('/item_declarations/all', {
        filter,
        account_sid: accountSid ?? undefined,
      }),
  });

function useInvalidateItemDeclarations() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: itemDeclarationKeys.all });
}

export function useCreateItemDeclaration() {
  const invalidate = useInvalidateItemDeclarations();
  return useMutation({
    mutationFn: (body: ItemDeclarationInput) => api.post<ItemDeclaration>('/item_declarations', body),
    onSuccess: invalidate,
  });
}

/** Admins only (spec §5); a declaration's account never changes, so no account_sid is sent. */
export function useUpdateItemDeclaration() {
  const invalidate = useInvalidateItemDeclarations();
  return useMutation({
    mutationFn: ({ sid, fields }: { sid: string; fields: ItemDeclarationFields }) =>
      api.put<ItemDeclaration>(`/item_declarations/${sid}`, fields),
    onSuccess: invalidate,
  });
}

export function useDeleteItemDeclaration() {
  const invalidate = useInvalidateItemDeclarations();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/item_declarations/${sid}`),
    onSuccess: invalidate,
  });
}

/** Spec §7: multipart file and account_sid; account users send no account (their own is used). */
export function useUploadItemDeclarations() {
  const invalidate = useInvalidateItemDeclarations();
  return useMutation({
    mutationFn: ({ file, accountSid }: { file: File; accountSid: DeclarationAccount }) => {
      const form = new FormData();
      if (accountSid) form.append('account_sid', accountSid);
      form.append('file', file);
      return api.post<ItemDeclarationBatchResult>('/item_declarations/batch', form);
    },
    onSuccess: invalidate,
  });
}

export const downloadItemDeclarationTemplate = () =>
  api.download('/item_declarations/template', 'item_declarations_template.xlsx');
