import type { UseFormInput } from '@mantine/form';

type EnhanceGetInputProps<Values> = NonNullable<UseFormInput<Values>['enhanceGetInputProps']>;

/**
 * A field is checked when it is left only once something was typed in it (its format: 'Invalid
 * Email address'); tabbing past an empty field says nothing. Whether it is required is asked on
 * submit. Pass as `enhanceGetInputProps` of a form with top-level fields, instead of
 * `validateInputOnBlur`.
 */
export function validateTypedOnBlur<Values extends Record<string, unknown>>(): EnhanceGetInputProps<Values> {
  return ({ field, form }) => ({
    onBlur: () => {
      const value = form.getValues()[field as keyof Values];
      if (typeof value === 'string' ? value.trim() !== '' : value != null) form.validateField(field);
    },
  });
}
