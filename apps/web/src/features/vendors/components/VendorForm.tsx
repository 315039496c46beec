import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { VENDOR_KINDS, type Vendor, type VendorInput, VendorInputSchema } from '@parcelops/shared';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormSelect } from '../../../components/FormFields.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema } from '../../../lib/form-validation.ts';
import { useSubmitForm } from '../../../lib/use-submit-form.ts';
import {
  credentialNames,
  type VendorFormValues,
  vendorFormValues,
  vendorPayload,
} from '../vendor-form-values.ts';
import { VendorCredentialFields } from './VendorCredentialFields.tsx';

const resolver = zodResolver(payloadSchema(VendorInputSchema, vendorPayload));

interface VendorFormProps {
  /** The saved vendor when editing; its kind can no longer change (spec §4). */
  vendor?: Vendor;
  onSubmit: (payload: VendorInput) => Promise<unknown>;
  onCancel: () => void;
}

/** Add and edit vendor (spec §2 Vendors, §3 Vendor, §5 Vendor). */
export function VendorForm({ vendor, onSubmit, onCancel }: VendorFormProps) {
  const { t } = useTranslation('vendors');
  const { form, errors, isSubmitting, submitWith } = useSubmitForm<VendorFormValues>({
    defaultValues: vendorFormValues(vendor),
    resolver,
    fields: (values) => ['vendor', 'name', ...credentialNames(values.vendor)],
  });
  const { control, register, clearErrors } = form;
  const kind = useWatch({ control, name: 'vendor' });

  // The resolver has checked this very payload, so parsing only trims it and gives it its wire type.
  const submit = submitWith((values) => onSubmit(VendorInputSchema.parse(vendorPayload(values))));

  return (
    <FormProvider {...form}>
      <FormFrame onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FormSelect
            control={control}
            name="vendor"
            label={t('form.kind')}
            withAsterisk
            data={VENDOR_KINDS}
            allowDeselect={false}
            disabled={vendor !== undefined}
            // The other kind's fields are gone; their errors would otherwise greet a switch back.
            onPicked={() => clearErrors()}
          />
          <TextInput label={t('form.name')} withAsterisk {...register('name')} error={errors.name?.message} />
          <VendorCredentialFields kind={kind} />
        </SimpleGrid>
        <FormActions onCancel={onCancel} submitting={isSubmitting} />
      </FormFrame>
    </FormProvider>
  );
}
