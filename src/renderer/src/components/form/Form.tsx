import type { ComponentProps, FormEvent } from 'react'
import { FormNamespaceContext } from './useFieldMessage'

export interface FormProps extends Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> {
  /** The i18next namespace whose keys the form's validation messages are. */
  namespace: string
  /** Usually react-hook-form's `handleSubmit(onValid, onInvalid)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
}

/**
 * A react-hook-form form: the schema validates, not the browser, and the kit's fields inside
 * translate their messages in `namespace`.
 */
export const Form = ({ namespace, onSubmit, ...props }: FormProps) => (
  <FormNamespaceContext.Provider value={namespace}>
    <form {...props} noValidate onSubmit={(event) => void onSubmit(event)} />
  </FormNamespaceContext.Provider>
)
