import { TextInput, type TextInputProps } from '@mantine/core';
import { formatAmount } from '../lib/format';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** A stored amount (shown with separators), or the text as typed. */
  value: number | string;
  onChange: (text: string) => void;
  /** Show a stored 0 as an empty field: the amount is not known (a contact's budget). */
  zeroIsEmpty?: boolean;
}

/**
 * An amount typed as people write it: "250.000", "250,000", "250.000,50" or "250,000.50". The text
 * is kept as typed, never reformatted while typing (a number input took "250.000" for 250); the
 * form's schema reads it (amounts with the domain's readMoney), refusing an unclear one with a message.
 */
export function AmountInput({ value, onChange, zeroIsEmpty = false, ...props }: AmountInputProps) {
  const text = typeof value === 'number' ? (value === 0 && zeroIsEmpty ? '' : formatAmount(value)) : value;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
