import { useState, type ChangeEvent } from 'react';
import { toast } from '../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../lib/field-errors.ts';

type Issues = Parameters<typeof issuesToFieldErrors>[0];
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/**
 * The values and per-field errors of a form: typing in a field clears its error (or the
 * error of the field it belongs to, `errorKeyOf`); a refusal by the shared Zod schema marks
 * every field it names and toasts the first message.
 */
export function useFormFields<T extends object>(initial: T, errorKeyOf: (key: keyof T & string) => string = (key) => key) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  function update<K extends keyof T & string>(key: K, value: T[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    const field = errorKeyOf(key);
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** value, onChange and error for a text field; `mask` reshapes what is typed (CPF, price). */
  function textProps<K extends TextKey<T>>(key: K, mask: (typed: string) => string = (typed) => typed) {
    return {
      value: values[key] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(key, mask(event.target.value) as T[K]),
      error: errors[key],
    };
  }

  /** Whether the shared Zod schema accepts the values; if not, the refusal is shown (`fallback` when it has no message). */
  function accepts(schema: { safeParse: (values: T) => { success: true } | { success: false; error: { issues: Issues } } }, fallback: string) {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return true;
    }
    const { issues } = parsed.error;
    setErrors(issuesToFieldErrors(issues));
    toast.error(issues[0]?.message ?? fallback);
    return false;
  }

  function reset() {
    setValues(initial);
    setErrors({});
  }

  return { values, setValues, errors, setErrors, update, textProps, accepts, reset };
}
