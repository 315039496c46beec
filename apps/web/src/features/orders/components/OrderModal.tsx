import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
