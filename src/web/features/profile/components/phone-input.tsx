import { formatPhone } from '../../../../shared/rules/phone';
import { Input } from '../../../components/ui/input';

/** The "Telefone" field: the number is formatted as it is typed, and `onChange` gets it formatted. */
export function PhoneInput({
  value,
  error,
  isFocused = false,
  onChange,
}: {
  value: string;
  error?: string;
  /** Focused when its dialog opens. */
  isFocused?: boolean;
  onChange: (phone: string) => void;
}) {
  return (
    <Input
      label="Telefone"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(11) 91234-5678"
      data-autofocus={isFocused || undefined}
      value={value}
      error={error}
      onChange={(event) => onChange(formatPhone(event.target.value))}
    />
  );
}
