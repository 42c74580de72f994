import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form'
import { notifySuccess } from '@renderer/lib/notify'

interface AdminSectionFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>
  resolver: Resolver<T>
  /** Saves the values (a mutation's `mutateAsync`); a refusal keeps the form as it is. */
  save: (values: T) => Promise<unknown>
  /** The toast after a save. */
  savedMessage: string
  /** After a save, and on Cancel: the section goes back to adding. */
  onDone: () => void
}

/**
 * The form of an `AdminSection` record: validated, saved, then a toast, an empty form and
 * `onDone`. A refused save leaves the values in place; its mutation has told the user why.
 * Spread `formProps` on `AdminSectionForm`.
 */
export function useAdminSectionForm<T extends FieldValues>(options: AdminSectionFormOptions<T>) {
  const { control, handleSubmit, reset, formState } = useForm<T>({
    defaultValues: options.defaultValues,
    resolver: options.resolver,
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await options.save(values)
    } catch {
      return
    }
    notifySuccess(options.savedMessage)
    reset()
    options.onDone()
  })
  return {
    control,
    formProps: { busy: formState.isSubmitting, onSubmit, onCancel: options.onDone },
  }
}
