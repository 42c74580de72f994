import { createContext, useContext } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

/**
 * The i18next namespace whose keys a form's validation messages are (`Form` provides it). Server
 * refusals put on a field are `errors:CODE` keys and name their namespace themselves.
 */
export const FormNamespaceContext = createContext<string | null>(null)

/**
 * The translated text of a field's validation error, for the Fluent Field's validationMessage;
 * undefined when the field is valid.
 */
export const useFieldMessage = (error: FieldError | undefined): string | undefined => {
  const namespace = useContext(FormNamespaceContext)
  const { t } = useTranslation(namespace ?? undefined)
  if (namespace === null) throw new Error('A form field must sit inside <Form namespace="…">.')
  return error?.message ? t(error.message) : undefined
}
