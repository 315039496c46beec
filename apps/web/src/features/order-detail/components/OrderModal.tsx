import { Modal, Stack } from '@mantine/core';
import type { Order } from '@parcelops/shared';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/FormActions.tsx';

interface OrderModalProps {
  title: string;
  opened: boolean;
  onClose: () => void;
  size?: string;
  children: ReactNode;
}

/**
 * Mantine's Modal with two accessibility fixes axe asks for: its header is a <header>, a second banner landmark
 * on the page, so it is a plain div here; and its close button, an icon, gets a name.
 */
export function OrderModal({ title, opened, onClose, size, children }: OrderModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** What the view page gives each of its correction dialogs. */
export interface OrderDialogProps {
  order: Order;
  opened: boolean;
  onClose: () => void;
}

interface OrderModalFormProps extends Omit<OrderModalProps, 'size'> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
}

/** A correction of the order in a dialog: its fields, then Cancel (which closes it) and Save. */
export function OrderModalForm({
  title,
  opened,
  onClose,
  onSubmit,
  submitting,
  children,
}: OrderModalFormProps) {
  return (
    <OrderModal opened={opened} onClose={onClose} title={title} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <FormActions onCancel={onClose} submitting={submitting} />
        </Stack>
      </form>
    </OrderModal>
  );
}
