import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Text } from '@mantine/core';
import { type Ams, type CreateAms, CreateAmsInputSchema, UpdateAmsInputSchema } from '@parcelops/shared';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormFrame } from '../../../components/FormFrame.tsx';
import { payloadSchema, showSubmitError } from '../../../lib/form-validation.ts';
import { AMS_FORM_FIELDS, type AmsFormValues, amsFormValues, amsPayload } from '../ams-form-values.ts';
import { AmsFormFields } from './AmsFormFields.tsx';

export type UpdateAms = z.output<typeof UpdateAmsInputSchema>;

const createResolver = zodResolver(
  payloadSchema<AmsFormValues>(CreateAmsInputSchema, (values) => amsPayload(values, false)),
);
const updateResolver = zodResolver(
  payloadSchema<AmsFormValues>(UpdateAmsInputSchema, (values) => amsPayload(values, true)),
);

type AmsFormProps = { onCancel: () => void } & (
  | { ams?: undefined; onSubmit: (payload: CreateAms) => Promise<unknown> }
  | {
      /** The saved AMS: the form edits it and shows its status. */
      ams: Ams;
      /** Answers the AMS as saved, which the form then shows (the server writes MAWB and HAWB its way). */
      onSubmit: (payload: UpdateAms) => Promise<Ams>;
    }
);

/**
 * Spec §2 AMS create/view form, validated with the shared schemas: on a new AMS the defaults (LAX, DHL,
 * First Class, SGN) and Create; on an existing one its status too, and Update, which stays off while the
 * AMS is being filed (spec §4: is_updating).
 */
export function AmsForm(props: AmsFormProps) {
  const { t } = useTranslation('ams');
  const { t: common } = useTranslation();
  const form = useForm<AmsFormValues>({
    defaultValues: amsFormValues(props.ams),
    resolver: props.ams ? updateResolver : createResolver,
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;
  const updating = props.ams?.is_updating ?? false;

  const submit = handleSubmit(async (values) => {
    try {
      // The resolver has checked this very payload, so parsing only gives it its wire form.
      if (props.ams) {
        const saved = await props.onSubmit(UpdateAmsInputSchema.parse(amsPayload(values, true)));
        reset(amsFormValues(saved));
      } else {
        await props.onSubmit(CreateAmsInputSchema.parse(amsPayload(values, false)));
      }
    } catch (error) {
      showSubmitError(error, setError, AMS_FORM_FIELDS);
    }
  });

  return (
    <FormProvider {...form}>
      <FormFrame onSubmit={submit}>
        <AmsFormFields existing={props.ams !== undefined} />
        {updating ? (
          <Text size="sm" c="dimmed" role="status">
            {t('form.updating')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={isSubmitting}>
            {common('cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={updating}>
            {props.ams ? t('form.update') : t('form.create')}
          </Button>
        </Group>
      </FormFrame>
    </FormProvider>
  );
}
