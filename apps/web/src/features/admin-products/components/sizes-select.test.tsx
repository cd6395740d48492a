import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SizesSelect } from './sizes-select.tsx';

function Harness({ initial = [] as string[] }) {
  const [sizes, setSizes] = useState(initial);
  return (
    <>
      <SizesSelect value={sizes} onChange={setSizes} />
      <output data-testid="value">{sizes.join('|')}</output>
    </>
  );
}

const picker = () => screen.getByLabelText('Add a size') as HTMLSelectElement;
const option = (name: string) => within(picker()).getByRole('option', { name }) as HTMLOptionElement;
const chips = () =>
  screen.queryByRole('list', { name: 'Selected sizes' })
    ? within(screen.getByRole('list', { name: 'Selected sizes' })).getAllByRole('listitem')
    : [];

describe('SizesSelect', () => {
  afterEach(cleanup);

  it('offers the spec’s sizes and says "No sizes selected" when none are chosen', () => {
    render(<Harness />);
    expect(screen.getByText('No sizes selected')).toBeTruthy();
    const values = Array.from(picker().options)
      .map((o) => o.value)
      .filter(Boolean);
    expect(values).toEqual(['small', 'medium', 'large', 'extra-large', 'one size']);
  });

  it('adds a size once as a chip, disables it in the list, and removes it with its button', () => {
    render(<Harness />);
    fireEvent.change(picker(), { target: { value: 'small' } });
    fireEvent.change(picker(), { target: { value: 'one size' } });
    expect(chips().map((c) => c.textContent)).toEqual(['small', 'one size']);
    expect(screen.queryByText('No sizes selected')).toBeNull();
    expect(option('small').disabled).toBe(true);
    expect(option('medium').disabled).toBe(false);
    // The picker goes back to its prompt, ready for the next size.
    expect(picker().value).toBe('');

    // Choosing it again changes nothing.
    fireEvent.change(picker(), { target: { value: 'small' } });
    expect(screen.getByTestId('value').textContent).toBe('small|one size');

    fireEvent.click(screen.getByRole('button', { name: 'Remove small' }));
    expect(chips().map((c) => c.textContent)).toEqual(['one size']);
    expect(option('small').disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove one size' }));
    expect(chips()).toHaveLength(0);
    expect(screen.getByText('No sizes selected')).toBeTruthy();
  });

  it('shows the sizes a product already has', () => {
    render(<Harness initial={['medium', 'large']} />);
    expect(chips().map((c) => c.textContent)).toEqual(['medium', 'large']);
    expect(option('large').disabled).toBe(true);
  });
});
