import { Anchor, Group, SimpleGrid, Text } from '@mantine/core';
import type { Ams } from '@parcelops/shared';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../lib/server-text.ts';
import { AmsSubmitStatusBadge } from './AmsBadges.tsx';
import { RefileButton } from './RefileButton.tsx';

/** A labelled value that reads as text (not a disabled input). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** Read-only on the view: where the filing stands (with why it failed) and the carrier's page for the MAWB. */
export function AmsFilingFacts({ ams }: { ams: Ams }) {
  const { t } = useTranslation('ams');
  const say = useServerText();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Fact label={t('form.submitStatus')}>
        <Group gap="xs">
          <AmsSubmitStatusBadge status={ams.submit_status} />
          {ams.submit_status === 'failed' ? <RefileButton ams={ams} /> : null}
        </Group>
      </Fact>
      {ams.submit_status === 'failed' && ams.submit_reason ? (
        <Fact label={t('form.submitReason')}>
          <Text size="sm" c="var(--mantine-color-error)" span>
            {say(ams.submit_reason_text, ams.submit_reason)}
          </Text>
        </Fact>
      ) : null}
      {ams.tracking_url ? (
        <Fact label={t('form.masterAirWaybill')}>
          <Anchor href={ams.tracking_url} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              {t('form.tracking', { mawb: ams.masterAirWaybill })}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Fact>
      ) : null}
    </SimpleGrid>
  );
}
