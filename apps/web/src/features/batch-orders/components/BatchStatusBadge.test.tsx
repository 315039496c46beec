import { BATCH_STATUS_LABELS, BATCH_STATUSES } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { BatchStatusBadge } from './BatchStatusBadge.tsx';

describe('BatchStatusBadge', () => {
  it.each(BATCH_STATUSES)("shows %s with spec §4's label", (status) => {
    renderWithProviders(<BatchStatusBadge status={status} />);
    expect(screen.getByText(BATCH_STATUS_LABELS[status])).toBeInTheDocument();
  });
});
