import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TagRef } from '@shared/contracts/contacts'
import { notifySuccess } from '@renderer/lib/notify'
import { toTagSync, type ContactTagValue } from '../forms/contact-schema'
import { useSyncContactTagsMutation } from '../mutations'
import { contactQueries } from '../queries'
import { ContactTagsField } from './ContactTagsField'

export interface ContactTagsEditorProps {
  contactId: number
  tags: TagRef[]
}

/**
 * The contact's tags in the drawer, saved as soon as one is added or removed: so a new tag is
 * only created by choosing "Create tag", never by Enter on typed text.
 */
export const ContactTagsEditor = ({ contactId, tags }: ContactTagsEditorProps) => {
  const { t } = useTranslation('contacts')
  const options = useQuery(contactQueries.tagOptions())
  const mutation = useSyncContactTagsMutation()
  const value: ContactTagValue[] = tags.map((tag) => ({ ...tag }))

  const handleChange = (next: ContactTagValue[]) => {
    const body = toTagSync(contactId, tags, next)
    if (body) mutation.mutate(body, { onSuccess: () => notifySuccess(t('toasts.tagsSaved')) })
  }

  return (
    <ContactTagsField
      value={value}
      onChange={handleChange}
      options={options.data ?? []}
      disabled={mutation.isPending}
      explicitCreate
    />
  )
}
