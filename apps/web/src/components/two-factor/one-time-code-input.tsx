import { TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface OneTimeCodeInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** A recovery code is letters and digits; an authenticator's code six digits. */
  kind?: 'totp' | 'recovery';
  name?: string;
}

/**
 * The code field of every second-factor step. It takes the focus when it appears, so that a person
 * who has just typed their password (or a screen reader's user) is where the next thing to type is.
 */
export function OneTimeCodeInput({
  label,
  value,
  onChange,
  error,
  kind = 'totp',
  name,
}: OneTimeCodeInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const totp = kind === 'totp';
  return (
    <TextInput
      ref={ref}
      label={label}
      name={name ?? (totp ? 'code' : 'recoveryCode')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      required
      autoComplete={totp ? 'one-time-code' : 'off'}
      inputMode={totp ? 'numeric' : 'text'}
      maxLength={totp ? 7 : 20}
      spellCheck={false}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.15em' } }}
    />
  );
}
