import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type CreateOrderInput, CreateOrderInputSchema } from '@parcelops/shared';
import { useMemo } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema } from '../../../lib/form-validation.ts';
import { useSubmitForm } from '../../../lib/use-submit-form.ts';
import {
  AdminCreateOrderInputSchema,
  blankOrderForm,
  type OrderFormValues,
  orderFormFields,
  orderPayload,
} from '../order-form-values.ts';
import { OrderCostPreview } from './OrderCostPreview.tsx';
import { OrderCustomerFields } from './OrderCustomerFields.tsx';
import { OrderItemsFields } from './OrderItemsFields.tsx';
import { SellerInformationFields } from './SellerInformationFields.tsx';

interface OrderFormProps {
  /** Admins choose the account the order is for (required); sellers order for their own. */
  isAdmin: boolean;
  onSubmit: (payload: CreateOrderInput) => Promise<unknown>;
  onCancel: () => void;
}

/** Add order (spec §2 Orders, §3 Order and Order item, §5 Order). */
export function OrderForm({ isAdmin, onSubmit, onCancel }: OrderFormProps) {
  const { t } = useTranslation('order');
  const { t: common } = useTranslation();
  const resolver = useMemo(
    () =>
      zodResolver(
        payloadSchema(
          isAdmin ? AdminCreateOrderInputSchema : CreateOrderInputSchema,
          (values: OrderFormValues) => orderPayload(values, isAdmin),
        ),
      ),
    [isAdmin],
  );
  const { form, errors, isSubmitting, submitWith } = useSubmitForm<OrderFormValues>({
    defaultValues: blankOrderForm(),
    resolver,
    fields: (values) => orderFormFields(values.items.length),
  });
  const { control, register } = form;

  const submit = submitWith((values) => onSubmit(orderPayload(values, isAdmin)));

  return (
    <FormProvider {...form}>
      <FormFrame onSubmit={submit} gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {isAdmin ? (
            <Controller
              control={control}
              name="account_sid"
              render={({ field, fieldState }) => (
                <AccountSelect
                  placeholder={t('form.chooseAccount')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : null}
          <TextInput
            label={t('form.orderNumber')}
            withAsterisk
            {...register('orderNumber')}
            error={errors.orderNumber?.message}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('form.customer')}
          </Title>
          <OrderCustomerFields />
        </Stack>
        <SellerInformationFields />
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('form.items')}
          </Title>
          <OrderItemsFields isAdmin={isAdmin} />
        </Stack>
        <OrderCostPreview isAdmin={isAdmin} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {common('cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('form.placeOrder')}
          </Button>
        </Group>
      </FormFrame>
    </FormProvider>
  );
}
