import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TagRef } from '@shared/contracts/contacts'
import { notifySuccess } from '@renderer/lib/notify'
import { tagEditOf, type ContactTagValue } from '../forms/contact-schema'
import { useEditContactTagsMutation } from '../mutations'
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
  const options = useQuery(contactQueries.tagOptions(0))
  const mutation = useEditContactTagsMutation(contactId)
  const value: ContactTagValue[] = tags.map((tag) => ({ ...tag }))

  const handleChange = (next: ContactTagValue[]) =>
    mutation.mutate(
      { edit: tagEditOf(tags, next), shown: tags },
      { onSuccess: (saved) => saved && notifySuccess(t('toasts.tagsSaved')) },
    )

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
