import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form of an auth page: checked with the shared schema on submit (not while typing), and a field's message
 * gone as soon as the field is edited (`onEdit` runs too, e.g. to drop a stale server answer).
 * `field(name)` gives an input its registration and its message: `<Input label="Nome" {...field('name')} />`.
 */
export function useAuthForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  onEdit?: () => void,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), reValidateMode: 'onSubmit', defaultValues });
  const field = (name: Path<Input>) => ({
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        onEdit?.();
      },
    }),
  });
  return { ...form, field };
}
