import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { KeyValueView } from './KeyValueView.tsx';

describe('KeyValueView', () => {
  it('lists every field, a dash ("No value" when read aloud) for empty ones and JSON for objects', () => {
    renderWithProviders(
      <KeyValueView data={{ name: 'Acme', phone: null, note: '', address: { city: 'Hanoi' } }} />,
    );

    expect(screen.getByRole('row', { name: 'name Acme' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'phone No value' })).toHaveTextContent('phone—No value');
    expect(screen.getByRole('row', { name: 'note No value' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'address {"city":"Hanoi"}' })).toBeInTheDocument();
    expect(screen.queryByText('null')).not.toBeInTheDocument();
  });
});
