import { Combobox, Field, Option } from '@fluentui/react-components'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@shared/constants'
import { ticketQueries } from '@renderer/features/tickets'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import type { ReportContact } from '../filters'

export interface ContactFilterFieldProps {
  value: ReportContact | null
  onChange: (contact: ReportContact | null) => void
  className?: string
}

/**
 * The report's contact: typed by name or number and picked among the contacts found (002 §7,
 * GET /contacts debounced 500 ms). The spec's 'new' option is not offered: a report can only be
 * filtered by a contact that exists.
 */
export const ContactFilterField = ({ value, onChange, className }: ContactFilterFieldProps) => {
  const { t } = useTranslation('reports')
  const [text, setText] = useState(value?.name ?? '')
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const ready = search.length >= SEARCH_MIN_CHARS && search !== value?.name
  const results = useQuery({
    ...ticketQueries.contactSearch(search),
    enabled: ready,
    placeholderData: keepPreviousData,
  })
  const contacts = ready ? (results.data ?? []) : []

  const status = () => {
    if (!ready) return null
    if (results.isFetching && contacts.length === 0) return t('filters.contactSearching')
    if (contacts.length === 0) return t('filters.contactNone')
    return null
  }
  const message = status()

  return (
    <Field className={className} label={t('filters.contact')} hint={t('filters.contactHint')}>
      <Combobox
        freeform
        clearable
        value={text}
        placeholder={t('filters.contactPlaceholder')}
        selectedOptions={value ? [String(value.id)] : []}
        onChange={(event) => {
          setText(event.target.value)
          if (value) onChange(null)
        }}
        onOptionSelect={(_event, data) => {
          const contact = contacts.find((option) => String(option.id) === data.optionValue)
          onChange(contact ? { id: contact.id, name: contact.name } : null)
          setText(contact?.name ?? '')
        }}
      >
        {contacts.map((contact) => (
          <Option key={contact.id} value={String(contact.id)} text={contact.name}>
            {t('filters.contactOption', { name: contact.name, number: contact.number })}
          </Option>
        ))}
        {message && (
          <Option key="status" value="" text={message} disabled>
            {message}
          </Option>
        )}
      </Combobox>
    </Field>
  )
}
