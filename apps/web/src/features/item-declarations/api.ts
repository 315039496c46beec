import type {
  ItemDeclaration,
  ItemDeclarationBatchResult,
  ItemDeclarationFields,
  ItemDeclarationInput,
} from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../lib/query-helpers.ts';

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

export const useCreateItemDeclaration = () =>
  useInvalidatingMutation(
    (body: ItemDeclarationInput) => api.post<ItemDeclaration>('/item_declarations', body),
    itemDeclarationKeys.all,
  );

/** Admins only (spec §5); a declaration's account never changes, so no account_sid is sent. */
export const useUpdateItemDeclaration = () =>
  useInvalidatingMutation(
    ({ sid, fields }: { sid: string; fields: ItemDeclarationFields }) =>
      api.put<ItemDeclaration>(`/item_declarations/${sid}`, fields),
    itemDeclarationKeys.all,
  );

export const useDeleteItemDeclaration = () =>
  useInvalidatingMutation(
    (sid: string) => api.delete<{ sid: string }>(`/item_declarations/${sid}`),
    itemDeclarationKeys.all,
  );

/** Spec §7: multipart file and account_sid; account users send no account (their own is used). */
export const useUploadItemDeclarations = () =>
  useInvalidatingMutation(({ file, accountSid }: { file: File; accountSid: DeclarationAccount }) => {
    const form = new FormData();
    if (accountSid) form.append('account_sid', accountSid);
    form.append('file', file);
    return api.post<ItemDeclarationBatchResult>('/item_declarations/batch', form);
  }, itemDeclarationKeys.all);

export const downloadItemDeclarationTemplate = () =>
  api.download('/item_declarations/template', 'item_declarations_template.xlsx');
