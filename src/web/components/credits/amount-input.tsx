import { Input } from '../ui/input';

/**
 * The "Valor (R$)" field of a credits form: a decimal number in reais, focused when its dialog opens. `onChange`
 * gets the text as typed, so the form can clear its error and parse the amount with its own schema.
 */
export function AmountInput({
  id,
  min,
  placeholder,
  hint,
  value,
  error,
  onChange,
}: {
  id?: string;
  min: number;
  placeholder: string;
  hint: string;
  value: string;
  error?: string;
  onChange: (text: string) => void;
}) {
  return (
    <Input
      id={id}
      label="Valor (R$)"
      type="number"
      inputMode="decimal"
      min={min}
      step={0.01}
      required
      placeholder={placeholder}
      data-autofocus
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
