import { SimpleGrid, TextInput } from '@mantine/core';
import { AMS_CARRIERS, AMS_HUBS, AMS_STATUSES } from '@parcelops/shared';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/FormFields.tsx';
import type { AmsFormValues } from '../ams-form-values.ts';

type SelectField = 'carrier' | 'location' | 'status';

/** A select bound to the form; it can be changed but never emptied (each has a default). */
function RequiredSelect({
  name,
  label,
  data,
}: {
  name: SelectField;
  label: string;
  data: { value: string; label: string }[];
}) {
  const { control } = useFormContext<AmsFormValues>();
  return (
    <FormSelect control={control} name={name} label={label} withAsterisk data={data} allowDeselect={false} />
  );
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/**
 * Spec §2 AMS form, §5 AMS: name, departure, MAWB, airport code, HAWB, carrier, service type and location
 * (all required); the status only on an existing AMS (spec §4).
 */
export function AmsFormFields({ existing }: { existing: boolean }) {
  const { t } = useTranslation('ams');
  const {
    register,
    formState: { errors },
  } = useFormContext<AmsFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t('form.name')} withAsterisk {...register('name')} error={errors.name?.message} />
      <TextInput
        label={t('form.departureDate')}
        type="datetime-local"
        withAsterisk
        {...register('departureDate')}
        error={errors.departureDate?.message}
      />
      <TextInput
        label={t('form.masterAirWaybill')}
        placeholder={t('form.mawbPlaceholder')}
        withAsterisk
        {...register('masterAirWaybill')}
        error={errors.masterAirWaybill?.message}
      />
      <TextInput
        label={t('form.airportCode')}
        withAsterisk
        maxLength={3}
        {...register('airportCode')}
        error={errors.airportCode?.message}
      />
      <TextInput label={t('form.hawb')} withAsterisk {...register('hawb')} error={errors.hawb?.message} />
      <RequiredSelect name="carrier" label={t('form.carrier')} data={plain(AMS_CARRIERS)} />
      <TextInput
        label={t('form.serviceType')}
        withAsterisk
        {...register('serviceType')}
        error={errors.serviceType?.message}
      />
      <RequiredSelect name="location" label={t('form.location')} data={plain(AMS_HUBS)} />
      {existing ? (
        <RequiredSelect
          name="status"
          label={t('form.status')}
          data={AMS_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
      ) : null}
    </SimpleGrid>
  );
}
