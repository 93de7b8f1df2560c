import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { digitsEnteredText, PinPad } from './pin-pad';

function Harness({ onSubmit = vi.fn(), onCancel = vi.fn(), initial = '', disabled = false }: { onSubmit?: (pin: string) => void; onCancel?: () => void; initial?: string; disabled?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PinPad label="Enter your PIN" value={value} onChange={setValue} onSubmit={() => onSubmit(value)} onCancel={onCancel} disabled={disabled} />
      <input aria-label="Elsewhere" />
    </>
  );
}

const filledDots = () => screen.getByTestId('pin-dots').querySelectorAll('[data-filled]').length;
const allDots = () => screen.getByTestId('pin-dots').children.length;

describe('<PinPad>', () => {
  it('shows a dot per digit, never the digits, and says how many are typed', async () => {
    renderWithApp(<Harness />);
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'Enter your PIN' })).toBeInTheDocument();
    expect(allDots()).toBe(4);
    expect(filledDots()).toBe(0);
    await user.click(screen.getByRole('button', { name: '4' }));
    await user.click(screen.getByRole('button', { name: '7' }));
    await user.click(screen.getByRole('button', { name: '1' }));
    expect(filledDots()).toBe(3);
    expect(screen.getByText('3 digits entered')).toBeInTheDocument();
    expect(screen.getByTestId('pin-pad')).not.toHaveTextContent('471');
    // Past four, a dot for each more digit; six at most.
    for (const digit of ['1', '2', '0', '9']) await user.click(screen.getByRole('button', { name: digit }));
    expect(filledDots()).toBe(6);
    expect(allDots()).toBe(6);
    expect(screen.getByRole('button', { name: '9' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete the last digit' }));
    expect(filledDots()).toBe(5);
    expect(digitsEnteredText(1)).toBe('1 digit entered');
  });

  it('sends with OK from four digits on', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const ok = screen.getByRole('button', { name: 'OK' });
    for (const digit of ['2', '5', '8']) await user.click(screen.getByRole('button', { name: digit }));
    expect(ok).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '0' }));
    expect(ok).toBeEnabled();
    await user.click(ok);
    expect(onSubmit).toHaveBeenCalledWith('2580');
  });

  it('takes the keyboard too: digits, Backspace, Enter and Escape, but not keys typed into a field', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} onCancel={onCancel} />);
    const user = userEvent.setup();
    await user.keyboard('47x1');
    expect(filledDots()).toBe(3);
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Backspace}');
    expect(filledDots()).toBe(2);
    await user.keyboard('19{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('4719');
    // Digits typed into another field stay there.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Elsewhere' }), { key: '5' });
    expect(filledDots()).toBe(4);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('takes nothing while disabled', async () => {
    const onSubmit = vi.fn();
    renderWithApp(<Harness onSubmit={onSubmit} initial="4711" disabled />);
    const user = userEvent.setup();
    await user.keyboard('5{Enter}');
    expect(filledDots()).toBe(4);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '5' })).toBeDisabled();
  });
});
