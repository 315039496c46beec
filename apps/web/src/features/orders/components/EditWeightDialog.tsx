import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { Messages, type Order, UpdateOrderInputSchema } from '@parcelops/shared';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/FormActions.tsx';
import { payloadSchema, showSubmitError } from '../../../lib/form-validation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateOrder } from '../api.ts';
import { formatKg } from '../order-format.ts';

interface WeightValues {
  weight: number | string;
}

const weightPayload = (values: WeightValues) => ({
  weight: values.weight === '' ? Number.NaN : Number(values.weight),
});
const resolver = zodResolver(payloadSchema(UpdateOrderInputSchema, weightPayload));

interface EditWeightDialogProps {
  order: Order;
  opened: boolean;
  onClose: () => void;
}

/** Spec §5: admins set an order's weight, in whole grams and at least 1 (PUT /orders/{sid} { weight }). */
export function EditWeightDialog({ order, opened, onClose }: EditWeightDialogProps) {
  const update = useUpdateOrder(order.sid);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm<WeightValues>({ defaultValues: { weight: order.weight }, resolver });

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(weightPayload(values));
      notifySuccess(Messages.weightUpdated);
      onClose();
    } catch (error) {
      showSubmitError(error, setError, ['weight']);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Edit weight" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Now {order.weight} g ({formatKg(order.weight)} KG).
          </Text>
          <Controller
            control={control}
            name="weight"
            render={({ field, fieldState }) => (
              <NumberInput
                label="Weight (g)"
                withAsterisk
                min={1}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                hideControls
                data-autofocus
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <FormActions onCancel={onClose} submitting={isSubmitting} />
        </Stack>
      </form>
    </Modal>
  );
}
