import {
  Button,
  Caption1,
  Field,
  Radio,
  RadioGroup,
  SearchBox,
  Spinner,
} from '@fluentui/react-components'
import { PersonAddRegular } from '@fluentui/react-icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@shared/constants'
import type { ContactDto } from '@shared/contracts/contacts'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { ticketQueries } from '@renderer/features/tickets/queries'
import { useContactPickerStyles } from './ContactPicker.styles'

export interface ContactPickerProps {
  value: ContactDto | null
  onChange: (contact: ContactDto) => void
  disabled?: boolean
  /**
   * Offered when a typed name finds no contact: the send-contact modal opens the contact form
   * with that name (000 §5).
   */
  onCreate?: (name: string) => void
}

/** Picks a contact by name or number: the search starts at 3 characters (000 §9). */
export const ContactPicker = ({
  value,
  onChange,
  disabled = false,
  onCreate,
}: ContactPickerProps) => {
  const { t } = useTranslation('messages')
  const styles = useContactPickerStyles()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const ready = searchParam.length >= SEARCH_MIN_CHARS
  const results = useQuery({
    ...ticketQueries.contactSearch(searchParam),
    enabled: ready,
    placeholderData: keepPreviousData,
  })
  const contacts = results.data ?? []
  const options =
    value && !contacts.some((contact) => contact.id === value.id) ? [value, ...contacts] : contacts

  return (
    <div className={styles.root}>
      <Field label={t('contactPicker.search')} hint={t('contactPicker.hint')}>
        <SearchBox
          value={search}
          disabled={disabled}
          onChange={(_event, data) => setSearch(data.value)}
        />
      </Field>
      {ready && results.isFetching && <Spinner size="tiny" label={t('contactPicker.searching')} />}
      {ready && !results.isFetching && options.length === 0 && (
        <Caption1 className={styles.hint}>{t('contactPicker.none')}</Caption1>
      )}
      {onCreate && ready && !results.isFetching && contacts.length === 0 && (
        <Button
          appearance="secondary"
          icon={<PersonAddRegular />}
          disabled={disabled}
          onClick={() => onCreate(search.trim())}
        >
          {t('contactPicker.create', { name: search.trim() })}
        </Button>
      )}
      {options.length > 0 && (
        <RadioGroup
          className={styles.results}
          aria-label={t('contactPicker.results')}
          value={value ? String(value.id) : ''}
          disabled={disabled}
          onChange={(_event, data) => {
            const contact = options.find((option) => String(option.id) === data.value)
            if (contact) onChange(contact)
          }}
        >
          {options.map((contact) => (
            <Radio
              key={contact.id}
              value={String(contact.id)}
              label={t('contactPicker.option', { name: contact.name, number: contact.number })}
            />
          ))}
        </RadioGroup>
      )}
    </div>
  )
}
