import { zodResolver } from '@hookform/resolvers/zod';
import { CustomerInfoSchema, type Order } from '@parcelops/shared';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { payloadSchema, showSubmitError } from '../../../lib/form-validation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  CUSTOMER_FIELDS,
  type CustomerFormValues,
  customerPayload,
  OrderCustomerFields,
} from '../../order-entry/index.ts';
import { useUpdateOrder } from '../api.ts';
import { type OrderDialogProps, OrderModalForm } from './OrderModal.tsx';

const resolver = zodResolver(payloadSchema(CustomerInfoSchema, customerPayload));

function customerValues(order: Order): CustomerFormValues {
  return {
    name: order.name,
    phone: order.phone ?? '',
    address1: order.address1,
    address2: order.address2 ?? '',
    city: order.city,
    state: order.state,
    postalCode: order.postalCode,
    country: order.country,
  };
}

/** Spec §5: admins correct the customer's details of an existing order (PUT /orders/{sid}). */
export function EditCustomerDialog({ order, opened, onClose }: OrderDialogProps) {
  const { t } = useTranslation('order');
  const update = useUpdateOrder(order.sid);
  const form = useForm<CustomerFormValues>({ defaultValues: customerValues(order), resolver });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(customerPayload(values));
      notifySuccess(t('customerDialog.updated'));
      onClose();
    } catch (error) {
      showSubmitError(error, setError, CUSTOMER_FIELDS);
    }
  });

  return (
    <FormProvider {...form}>
      <OrderModalForm
        opened={opened}
        onClose={onClose}
        title={t('customerDialog.title')}
        onSubmit={submit}
        submitting={isSubmitting}
      >
        <OrderCustomerFields />
      </OrderModalForm>
    </FormProvider>
  );
}
