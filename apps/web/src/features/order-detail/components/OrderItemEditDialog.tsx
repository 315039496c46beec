import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  EDITABLE_ITEM_FIELDS,
  isVagueDescription,
  MANIFEST_FIELD_LIMITS,
  type Order,
  type OrderItem,
  Role,
  type UpdateOrderItemInput,
  UpdateOrderItemInputSchema,
} from '@parcelops/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormNumberInput } from '../../../components/FormNumberInput.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { payloadSchema, putFieldErrors } from '../../../lib/form-validation.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useViewer } from '../../../lib/session.ts';
import { HsCodeSelect } from '../../hs-codes/index.ts';
import { OriginCountrySelect } from '../../item-declarations/index.ts';
import { orderQuery } from '../../orders/index.ts';
import { useEditOrderItem } from '../api.ts';
import { OrderModal } from './OrderModal.tsx';

export interface OrderItemEditDialogProps {
  orderSid: string;
  itemSid: string;
  /** The field to start on, by its wire name (a reconciliation finding's `field`). */
  field?: string;
  opened: boolean;
  onClose(): void;
  /** Runs with the saved order before the dialog closes: the host refreshes what the item change moves there. */
  onSaved?(order: Order): Promise<void> | void;
}

interface ItemValues {
  itemDescription: string;
  quantity: number | string;
  itemWeight: number | string;
  /** '' for none. */
  declaredValue: number | string;
  /** '' for the default (VN). */
  originCountry: string;
  hs_code: string;
}

// The web's values name the same fields the API edits.
const FIELDS = EDITABLE_ITEM_FIELDS satisfies readonly (keyof ItemValues)[];

const asNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

function valuesOf(item: OrderItem): ItemValues {
  return {
    itemDescription: item.itemDescription ?? '',
    quantity: item.quantity,
    itemWeight: item.itemWeight,
    declaredValue: item.declaredValue ?? '',
    originCountry: item.originCountry,
    hs_code: item.hs_code ?? '',
  };
}

/**
 * What the save sends: only the fields that differ from the item as it was read (an operator never sends the HS
 * code; an item without a description can still have its quantity corrected), and the items_version read.
 */
function payloadOf(item: OrderItem, version: number, values: ItemValues): UpdateOrderItemInput {
  const was = valuesOf(item);
  const body: UpdateOrderItemInput = { items_version: version };
  if (values.itemDescription !== was.itemDescription) body.itemDescription = values.itemDescription;
  if (String(values.quantity) !== String(was.quantity)) body.quantity = asNumber(values.quantity);
  if (String(values.itemWeight) !== String(was.itemWeight)) body.itemWeight = asNumber(values.itemWeight);
  if (String(values.declaredValue) !== String(was.declaredValue))
    body.declaredValue = values.declaredValue === '' ? null : asNumber(values.declaredValue);
  if (values.originCountry !== was.originCountry) body.originCountry = values.originCountry || null;
  if (values.hs_code !== was.hs_code) body.hs_code = values.hs_code;
  return body;
}

/** Whether CBP would refuse the typed description (the reconciliation says the same once it is saved). */
function descriptionWarning(description: string): 'vague' | 'long' | null {
  const words = description.trim();
  if (!words) return null;
  if (words.length > MANIFEST_FIELD_LIMITS.description) return 'long';
  return isVagueDescription(words) ? 'vague' : null;
}

interface ItemEditFormProps {
  order: Order;
  item: OrderItem;
  field?: string;
  onClose(): void;
  onSaved?(order: Order): Promise<void> | void;
  /** Asks for the order again (after someone else saved first). */
  reload(): Promise<unknown>;
  /** The server's refusal of the last save; kept by the dialog, as a newer version starts the form again. */
  refusal: string | null;
  setRefusal(refusal: string | null): void;
}

function ItemEditForm(props: ItemEditFormProps) {
  const { order, item, field, onClose, onSaved, reload, refusal, setRefusal } = props;
  const { t } = useTranslation('order');
  const isAdmin = useViewer()?.role === Role.admin;
  const edit = useEditOrderItem();
  const version = useRef(order.items_version);
  const boxes = useRef<Partial<Record<string, HTMLDivElement | null>>>({});
  const resolver = zodResolver(
    payloadSchema(UpdateOrderItemInputSchema, (values: ItemValues) =>
      payloadOf(item, version.current, values),
    ),
  );
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { isSubmitting, errors },
  } = useForm<ItemValues>({ defaultValues: valuesOf(item), resolver });
  const description = useWatch({ control, name: 'itemDescription' });
  const warning = descriptionWarning(description);

  // The finding's field first: the modal focuses its first field, so this runs after it has; but never once the
  // person has clicked or typed in the dialog, whose input would otherwise land in another field.
  const started = useRef(false);
  useEffect(() => {
    const target = field && field in boxes.current ? field : 'itemDescription';
    const timer = setTimeout(() => {
      if (!started.current) boxes.current[target]?.querySelector<HTMLElement>('input, textarea')?.focus();
    }, 60);
    return () => clearTimeout(timer);
  }, [field]);
  const markStarted = () => {
    started.current = true;
  };

  const submit = handleSubmit(async (values) => {
    const body = payloadOf(item, version.current, values);
    if (Object.keys(body).length === 1) {
      setRefusal(t('itemDialog.nothingChanged'));
      return;
    }
    setRefusal(null);
    try {
      const saved = await edit.mutateAsync({ itemSid: item.sid, body });
      await onSaved?.(saved);
      notifySuccess(t('itemDialog.saved', { sku: item.skuNumber }));
      onClose();
    } catch (error) {
      if (putFieldErrors(error, setError, FIELDS) > 0 || !(error instanceof ApiError && error.details.length))
        setRefusal(errorMessage(error));
      // Someone else saved first: show what they saved, then let this person decide again.
      if (error instanceof ApiError && error.code === 'ITEMS_CHANGED') await reload();
    }
  });

  const box = (name: string) => (element: HTMLDivElement | null) => {
    boxes.current[name] = element;
  };

  return (
    <form onSubmit={submit} noValidate onPointerDownCapture={markStarted} onInputCapture={markStarted}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('itemDialog.intro', { sku: item.skuNumber, orderNumber: order.orderNumber })}
        </Text>
        {refusal ? (
          <Alert color="red" role="alert" data-testid="item-edit-refusal">
            {refusal}
          </Alert>
        ) : null}
        <div ref={box('itemDescription')}>
          <TextInput
            label={t('itemDialog.description')}
            description={t('itemDialog.descriptionHint', { max: MANIFEST_FIELD_LIMITS.description })}
            {...register('itemDescription')}
            error={errors.itemDescription?.message}
          />
          {warning ? (
            <Text size="sm" c="orange.9" mt={4} data-testid="item-description-warning">
              {t(`itemDialog.${warning}`, { max: MANIFEST_FIELD_LIMITS.description })}
            </Text>
          ) : null}
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {(
            [
              ['quantity', 'itemDialog.quantity', { min: 1, decimals: false }],
              ['itemWeight', 'itemDialog.weight', { min: 0, decimals: true }],
            ] as const
          ).map(([name, label, rule]) => (
            <div key={name} ref={box(name)}>
              <FormNumberInput
                control={control}
                name={name}
                label={t(label)}
                min={rule.min}
                allowDecimal={rule.decimals}
              />
            </div>
          ))}
          <div ref={box('declaredValue')}>
            <FormNumberInput
              control={control}
              name="declaredValue"
              label={t('itemDialog.declaredValue')}
              min={0}
              decimalScale={2}
            />
          </div>
          <div ref={box('originCountry')}>
            <Controller
              control={control}
              name="originCountry"
              render={({ field: input, fieldState }) => (
                <OriginCountrySelect
                  label={t('itemDialog.originCountry')}
                  placeholder={t('itemDialog.originPlaceholder')}
                  clearable
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        </SimpleGrid>
        <div ref={box('hs_code')}>
          {isAdmin ? (
            <Controller
              control={control}
              name="hs_code"
              render={({ field: input, fieldState }) => (
                <HsCodeSelect
                  label={t('itemDialog.hsCode')}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          ) : (
            <div>
              <Text size="sm" fw={500}>
                {t('itemDialog.hsCode')}
              </Text>
              <Text size="sm">{item.hs_code ?? t('itemsTable.none')}</Text>
              <Text size="xs" c="gray.7">
                {t('itemDialog.hsCodeAdminOnly')}
              </Text>
            </div>
          )}
        </div>
        <FormActions onCancel={onClose} submitting={isSubmitting} />
      </Stack>
    </form>
  );
}

/**
 * Issue 28: staff correct a placed order's item (description, quantity, weight, declared value, origin; admins
 * also its HS code) until its manifest is submitted, from the order view or straight from a problem row of the
 * filing panel. It loads the order, starts on the finding's field, saves with the items_version it read, and
 * shows the server's msg when the save is refused (a submitted manifest, someone else first).
 */
export function OrderItemEditDialog({
  orderSid,
  itemSid,
  field,
  opened,
  onClose,
  onSaved,
}: OrderItemEditDialogProps) {
  const { t } = useTranslation('order');
  const order = useQuery({ ...orderQuery(orderSid), enabled: opened });
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <OrderModal opened={opened} onClose={close} title={t('itemDialog.title')} size="lg">
      <QueryState query={order}>
        {(data) => {
          const item = data.items.find((entry) => entry.sid === itemSid);
          if (!item) return <Text c="gray.7">{t('itemDialog.notFound')}</Text>;
          return (
            <ItemEditForm
              // Another save seen (a newer version) starts the form again from what is stored now.
              key={`${item.sid}:${data.items_version}`}
              order={data}
              item={item}
              field={field}
              onClose={close}
              onSaved={onSaved}
              reload={order.refetch}
              refusal={refusal}
              setRefusal={setRefusal}
            />
          );
        }}
      </QueryState>
    </OrderModal>
  );
}
