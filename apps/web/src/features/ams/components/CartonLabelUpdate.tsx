import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { AmsCartonLabelUpdateSchema } from '@parcelops/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { payloadSchema, showSubmitError } from '../../../lib/form-validation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUpdateCartonLabel } from '../api.ts';
import { AmsSection } from './AmsSection.tsx';

interface CartonLabelValues {
  old_ams_carton_label: string | null;
  new_ams_carton_label: string;
}

const toPayload = (values: CartonLabelValues) => ({
  old_ams_carton_label: values.old_ams_carton_label ?? '',
  new_ams_carton_label: values.new_ams_carton_label,
});
const resolver = zodResolver(payloadSchema(AmsCartonLabelUpdateSchema, toPayload));
const FIELDS = ['old_ams_carton_label', 'new_ams_carton_label'] as const;
const EMPTY: CartonLabelValues = { old_ams_carton_label: null, new_ams_carton_label: '' };

interface CartonLabelUpdateProps {
  sid: string;
  /** The AMS's carton labels, from its statistics. */
  labels: string[];
}

/**
 * Spec §2, §5 AMS: renames a carton label on every order of this AMS that carries it; both labels are
 * required. The statistics and orders are fetched again after.
 */
export function CartonLabelUpdate({ sid, labels }: CartonLabelUpdateProps) {
  const { t } = useTranslation('ams');
  const update = useUpdateCartonLabel(sid);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CartonLabelValues>({ defaultValues: EMPTY, resolver });

  const submit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(AmsCartonLabelUpdateSchema.parse(toPayload(values)));
      notifySuccess(t('cartonLabel.updated'));
      reset(EMPTY);
    } catch (error) {
      showSubmitError(error, setError, FIELDS);
    }
  });

  return (
    <AmsSection title={t('cartonLabel.title')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Controller
            control={control}
            name="old_ams_carton_label"
            render={({ field, fieldState }) => (
              <Select
                label={t('cartonLabel.old')}
                withAsterisk
                searchable
                data={labels}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                miw={200}
              />
            )}
          />
          <TextInput
            label={t('cartonLabel.new')}
            withAsterisk
            {...register('new_ams_carton_label')}
            error={errors.new_ams_carton_label?.message}
            miw={200}
          />
          <Button type="submit" loading={isSubmitting} mt={25}>
            {t('cartonLabel.submit')}
          </Button>
        </Group>
      </form>
    </AmsSection>
  );
}
