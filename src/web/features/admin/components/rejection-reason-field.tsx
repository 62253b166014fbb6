import { Field } from '../../../components/ui/input';

/** The reason an administrator gives for a rejection: required, up to 500 characters, sent to the person it refuses. */
export function RejectionReasonField({
  value,
  error,
  hint,
  onChange,
}: {
  value: string;
  error?: string;
  hint: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label="Motivo da rejeição" error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          maxLength={500}
          required
          data-autofocus
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
