import { Input, type InputProps } from '../../../components/ui/input';

/** The e-mail field of the sign-in, sign-up and password forms: the keyboard and autofill phones expect. */
export function EmailInput(props: Omit<InputProps, 'label' | 'type' | 'autoComplete' | 'inputMode'>) {
  return <Input label="E-mail" type="email" autoComplete="email" inputMode="email" {...props} />;
}
