import { Text } from '@mantine/core';
import { Messages } from '@parcelops/shared';

/** Spec §2 Generic elements: forms with required fields explain the asterisk. */
export function RequiredNote() {
  return (
    <Text size="sm" c="dimmed">
      {Messages.requiredNote}
    </Text>
  );
}
