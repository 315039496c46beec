import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { AmsCartonLabelUpdateSchema } from '@parcelops/shared';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/FormFields.tsx';
import { payloadSchema } from '../../../lib/form-validation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSubmitForm } from '../../../lib/use-submit-form.ts';
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
  const { form, errors, isSubmitting, submitWith } = useSubmitForm<CartonLabelValues>({
    defaultValues: EMPTY,
    resolver,
    fields: FIELDS,
  });
  const { control, register } = form;

  const submit = submitWith(async (values) => {
    await update.mutateAsync(AmsCartonLabelUpdateSchema.parse(toPayload(values)));
    notifySuccess(t('cartonLabel.updated'));
    form.reset(EMPTY);
  });

  return (
    <AmsSection title={t('cartonLabel.title')}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="md" wrap="wrap">
          <FormSelect
            control={control}
            name="old_ams_carton_label"
            label={t('cartonLabel.old')}
            withAsterisk
            searchable
            data={labels}
            miw={200}
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
