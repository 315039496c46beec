import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PagedListFooter } from './PagedListFooter.tsx';

const countText = (total: number) => `${total} rows`;

describe('PagedListFooter', () => {
  it('shows no count and no pages until the server has answered', () => {
    renderWithProviders(
      <PagedListFooter
        total={undefined}
        countText={countText}
        page={0}
        pageSize={25}
        onPageChange={vi.fn()}
      />,
    );

    expect(screen.queryByText(/rows/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('says the total in the list’s words and pages by the page size', async () => {
    const onPageChange = vi.fn();
    const { user } = renderWithProviders(
      <PagedListFooter
        total={120}
        countText={countText}
        page={0}
        pageSize={50}
        onPageChange={onPageChange}
      />,
    );

    expect(screen.getByText('120 rows')).toBeInTheDocument();
    // 120 rows of 50 make 3 pages.
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
