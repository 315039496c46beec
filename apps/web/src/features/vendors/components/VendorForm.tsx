import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  VENDOR_KINDS,
  type Vendor,
  type VendorInput,
  VendorInputSchema,
  type VendorKind,
} from '@parcelops/shared';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema, showSubmitError } from '../../../lib/form-validation.ts';
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
  const form = useForm<VendorFormValues>({ defaultValues: vendorFormValues(vendor), resolver });
  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const kind = useWatch({ control, name: 'vendor' });

  const submit = handleSubmit(async (values) => {
    try {
      // The resolver has checked this very payload, so parsing only trims it and gives it its wire type.
      await onSubmit(VendorInputSchema.parse(vendorPayload(values)));
    } catch (error) {
      showSubmitError(error, setError, ['vendor', 'name', ...credentialNames(values.vendor)]);
    }
  });

  return (
    <FormProvider {...form}>
      <FormFrame onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={control}
            name="vendor"
            render={({ field, fieldState }) => (
              <Select<VendorKind>
                label={t('form.kind')}
                withAsterisk
                data={VENDOR_KINDS}
                allowDeselect={false}
                disabled={vendor !== undefined}
                value={field.value}
                onChange={(value) => {
                  if (!value) return;
                  // The other kind's fields are gone; their errors would otherwise greet a switch back.
                  clearErrors();
                  field.onChange(value);
                }}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <TextInput label={t('form.name')} withAsterisk {...register('name')} error={errors.name?.message} />
          <VendorCredentialFields kind={kind} />
        </SimpleGrid>
        <FormActions onCancel={onCancel} submitting={isSubmitting} />
      </FormFrame>
    </FormProvider>
  );
}
