import { Button, Group, Radio, Select, TextInput } from '@mantine/core';
import { checkMawb } from '@parcelops/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type AmsOrdersFilter, useRemoveAmsOrders } from '../api.ts';
import { AmsSection } from './AmsSection.tsx';

type By = 'mawb' | 'cartonLabel';

interface AmsOrdersBulkDeleteProps {
  sid: string;
  /** The AMS's carton labels, from its statistics. */
  labels: string[];
}

/**
 * Spec §2 AMS view: takes this AMS's orders out of it, those with one master air waybill or those with one
 * carton label, never with neither (the value is required), after a confirmation. The MAWB is checked and
 * written as the server stores it (157-12345675), so "15712345675" finds the same orders.
 */
export function AmsOrdersBulkDelete({ sid, labels }: AmsOrdersBulkDeleteProps) {
  const { t } = useTranslation('ams');
  const remove = useRemoveAmsOrders(sid);
  const [by, setBy] = useState<By>('mawb');
  const [mawb, setMawb] = useState('');
  const [label, setLabel] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<AmsOrdersFilter | null>(null);

  const choose = (value: string) => {
    setBy(value as By);
    setError(null);
  };

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (by === 'cartonLabel') {
      if (!label) return setError(t('bulkDelete.cartonLabelRequired'));
      return setPending({ ams_carton_label: label });
    }
    if (mawb.trim() === '') return setError(t('bulkDelete.mawbRequired'));
    const check = checkMawb(mawb.trim());
    if (!check.ok) return setError(check.msg);
    setPending({ masterAirWaybill: check.mawb });
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      await remove.mutateAsync(pending);
      notifySuccess(t('bulkDelete.done'));
      setMawb('');
      setLabel(null);
    } catch (failure) {
      notifyError(failure, t('bulkDelete.failed'));
    } finally {
      setPending(null);
    }
  };

  const question = !pending
    ? ''
    : 'masterAirWaybill' in pending
      ? t('bulkDelete.confirmMawb', { value: pending.masterAirWaybill })
      : t('bulkDelete.confirmCartonLabel', { value: pending.ams_carton_label });

  return (
    <AmsSection title={t('bulkDelete.title')}>
      <form onSubmit={ask} noValidate>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Radio.Group label={t('bulkDelete.by')} value={by} onChange={choose}>
            <Group gap="md" mt={8}>
              <Radio value="mawb" label={t('bulkDelete.byMawb')} />
              <Radio value="cartonLabel" label={t('bulkDelete.byCartonLabel')} />
            </Group>
          </Radio.Group>
          {by === 'mawb' ? (
            <TextInput
              label={t('bulkDelete.byMawb')}
              placeholder={t('form.mawbPlaceholder')}
              withAsterisk
              value={mawb}
              onChange={(event) => {
                setMawb(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              miw={200}
            />
          ) : (
            <Select
              label={t('bulkDelete.byCartonLabel')}
              withAsterisk
              searchable
              data={labels}
              value={label}
              onChange={(value) => {
                setLabel(value);
                setError(null);
              }}
              error={error}
              miw={200}
            />
          )}
          <Button type="submit" color="red" variant="light" mt={25}>
            {t('bulkDelete.submit')}
          </Button>
        </Group>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        message={question}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        loading={remove.isPending}
      />
    </AmsSection>
  );
}
