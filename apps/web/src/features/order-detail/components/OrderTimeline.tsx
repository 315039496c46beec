import { Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useServerText } from '../../../lib/server-text.ts';
import { trackingQuery } from '../../tracking/index.ts';

/**
 * The parcel's tracking events as a timeline, newest first (spec §3 Tracking event): the latest event leads, as
 * carriers' tracking pages show it.
 */
export function OrderTimeline({ barcode }: { barcode: string }) {
  const { t } = useTranslation('order');
  const format = useFormat();
  const say = useServerText();
  const events = useQuery(trackingQuery(barcode));
  return (
    <QueryState query={events} loading={<SkeletonLines lines={3} />}>
      {(list) =>
        list.length === 0 ? (
          <Text c="gray.7">{t('view.noEvents')}</Text>
        ) : (
          <Timeline
            active={0}
            bulletSize={22}
            lineWidth={2}
            role="list"
            aria-label={t('view.eventsOf', { barcode })}
          >
            {list.map((event, index) => (
              <Timeline.Item
                key={`${event.eventTime}|${event.description}|${event.location}`}
                role="listitem"
                bullet={
                  index === 0 ? (
                    <IconTruckDelivery size={13} aria-hidden />
                  ) : (
                    <IconCircleCheck size={13} aria-hidden />
                  )
                }
                title={say(event.description_text, event.description)}
              >
                <Text size="sm" c="gray.7">
                  <time dateTime={event.eventTime}>{format.dateTime(event.eventTime)}</time>
                  {event.location ? ` · ${say(event.location_text, event.location)}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )
      }
    </QueryState>
  );
}
