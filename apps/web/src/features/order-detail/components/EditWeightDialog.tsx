import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@mantine/core';
import { UpdateOrderInputSchema } from '@parcelops/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberInput } from '../../../components/FormNumberInput.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { payloadSchema, showSubmitError } from '../../../lib/form-validation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateOrder } from '../api.ts';
import { type OrderDialogProps, OrderModalForm } from './OrderModal.tsx';
import { ReweighPreview } from './ReweighPreview.tsx';

interface WeightValues {
  weight: number | string;
}

const weightPayload = (values: WeightValues) => ({
  weight: values.weight === '' ? Number.NaN : Number(values.weight),
});
const resolver = zodResolver(payloadSchema(UpdateOrderInputSchema, weightPayload));

/** The weight as the server would take it (whole grams, at least 1, spec §5), or null. */
function acceptedGrams(value: number | string): number | null {
  const grams = value === '' ? Number.NaN : Number(value);
  return UpdateOrderInputSchema.shape.weight.safeParse(grams).success ? grams : null;
}

/**
 * Spec §5: admins set an order's weight, in whole grams and at least 1 (PUT /orders/{sid} { weight }); operators
 * re-weigh at the hub the same way. Before saving, the dialog shows an admin what the new weight costs and
 * what it moves on credit.
 */
export function EditWeightDialog({
  order,
  opened,
  onClose,
  withMoney = true,
}: OrderDialogProps & { withMoney?: boolean }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const update = useUpdateOrder(order.sid);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<WeightValues>({ defaultValues: { weight: order.weight }, resolver });
  const typed = useWatch({ control, name: 'weight' });

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(weightPayload(values));
      notifySuccess(t('weight.updated'));
      onClose();
    } catch (error) {
      showSubmitError(error, setError, ['weight']);
    }
  });

  return (
    <OrderModalForm
      opened={opened}
      onClose={onClose}
      title={t('weight.title')}
      onSubmit={submit}
      submitting={isSubmitting}
    >
      <Text size="sm" c="gray.7">
        {t('weight.now', {
          grams: format.number(order.weight),
          kilograms: format.kilograms(order.weight),
        })}
      </Text>
      <FormNumberInput
        control={control}
        name="weight"
        label={t('weight.label')}
        withAsterisk
        min={1}
        allowDecimal={false}
        data-autofocus
      />
      <ReweighPreview order={order} grams={acceptedGrams(typed)} withMoney={withMoney} />
    </OrderModalForm>
  );
}
