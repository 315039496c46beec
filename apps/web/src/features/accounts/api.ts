import type {
  Account,
  AccountSummary,
  CreateAccountInput,
  PriceTableSummary,
  UpdateAccountInput,
} from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../lib/query-helpers.ts';
import { vendorKeys } from '../vendors/index.ts';
import { webhookKeys } from '../webhooks/index.ts';

/** A price table as the account form offers it: the form needs only its sid and name. */
export type PriceTableOption = Pick<PriceTableSummary, 'sid' | 'name'>;

export const accountKeys = {
  all: ['accounts'] as const,
  list: (filter: string) => [...accountKeys.all, 'list', filter] as const,
  options: () => [...accountKeys.all, 'options'] as const,
  detail: (sid: string) => [...accountKeys.all, 'detail', sid] as const,
};

/** The admin's account list (full accounts). */
export const accountsQuery = (filter: string) =>
  queryOptions({
    queryKey: accountKeys.list(filter),
    queryFn: () => api.get<Account[]>('/accounts', { filter }),
  });

/** Accounts for pickers: every caller allowed to list accounts gets at least sid and name. */
export const accountOptionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.options(),
    queryFn: () => api.get<AccountSummary[]>('/accounts'),
  });

export const accountQuery = (sid: string) =>
  queryOptions({
    queryKey: accountKeys.detail(sid),
    queryFn: () => api.get<Account>(`/accounts/${sid}`),
  });

/**
 * Price tables arrive with a later feature: until GET /pricese answers, the account form simply offers none,
 * so a failure is neither retried nor reported.
 */
export const priceTableOptionsQuery = () =>
  queryOptions({
    queryKey: ['pricese', 'options'] as const,
    queryFn: () => api.get<PriceTableOption[]>('/pricese'),
    retry: false,
  });

// Account changes move the vendors' "accounts using it" counts too.
export const useCreateAccount = () =>
  useInvalidatingMutation(
    (body: CreateAccountInput) => api.post<Account>('/accounts', body),
    accountKeys.all,
    vendorKeys.all,
  );

// A saved hook URL may bring a signing secret or take it away: the webhooks panel asks again.
export const useUpdateAccount = (sid: string) =>
  useInvalidatingMutation(
    (body: UpdateAccountInput) => api.put<Account>(`/accounts/${sid}`, body),
    accountKeys.all,
    vendorKeys.all,
    webhookKeys.account(sid),
  );

export const useDeleteAccount = () =>
  useInvalidatingMutation(
    (sid: string) => api.delete<{ sid: string }>(`/accounts/${sid}`),
    accountKeys.all,
    vendorKeys.all,
  );
