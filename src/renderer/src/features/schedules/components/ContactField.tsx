import { Combobox, Field, Input, Option } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useController, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@shared/constants'
import type { ContactChannel } from '@shared/contracts/contacts'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { contactQueries } from '@renderer/features/contacts'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { errorMessage } from '@renderer/lib/notify'
import type { ScheduleFormValues } from '../forms/schedule-schema'
import { scheduleQueries } from '../queries'

/** A contact as the dialog knows it; the channel, once known, narrows the connections. */
export interface ContactChoice {
  id: number
  name: string
  number: string
  channel?: ContactChannel
}

export interface ContactFieldProps {
  control: Control<ScheduleFormValues>
  /** The contact known from the start (the schedule's, the conversation's); null when none. */
  known: ContactChoice | null
  /** Shows the contact without the means to change it (opened from a conversation). */
  fixed: boolean
  disabled: boolean
  /** The schedule opens read-only: the search's hint is left out. */
  readOnly: boolean
  onChosen: (contact: ContactChoice | null) => void
}

/**
 * Whom the message goes to (002 §5: required): contacts searched by name or number from 3 typed
 * characters (000 §9), 500 ms after the last key. A contact given only by its id (the page's
 * `?contactId=`) is named once it is read.
 */
export const ContactField = ({
  control,
  known,
  fixed,
  disabled,
  readOnly,
  onChosen,
}: ContactFieldProps) => {
  const { t } = useTranslation('schedules')
  const { field, fieldState } = useController({ control, name: 'contactId' })
  const message = useFieldMessage(fieldState.error)
  const [chosen, setChosen] = useState<ContactChoice | null>(
    known && known.id === field.value ? known : null,
  )
  const [text, setText] = useState(chosen?.name ?? '')
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const searching = term.length >= SEARCH_MIN_CHARS && term !== chosen?.name
  const contacts = useQuery({
    ...scheduleQueries.contacts(term),
    enabled: searching && !disabled && !fixed,
  })
  const unnamedId = chosen === null ? field.value : null
  const detail = useQuery({
    ...contactQueries.detail(unnamedId ?? 0),
    enabled: unnamedId !== null,
  })

  const choose = (contact: ContactChoice | null) => {
    setChosen(contact)
    setText(contact?.name ?? '')
    field.onChange(contact?.id ?? null)
    onChosen(contact)
  }

  const named = detail.data
  useEffect(() => {
    if (!named || named.id !== unnamedId) return
    const contact = { id: named.id, name: named.name, number: named.number, channel: named.channel }
    setChosen(contact)
    setText(contact.name)
    onChosen(contact)
  }, [named, unnamedId, onChosen])

  if (fixed) {
    return (
      <Field label={t('fields.contact')} required>
        <Input
          readOnly
          value={chosen ? t('contact.option', { name: chosen.name, number: chosen.number }) : ''}
        />
      </Field>
    )
  }

  const found: ContactChoice[] = contacts.data ?? []
  const options =
    chosen && !found.some((contact) => contact.id === chosen.id) ? [chosen, ...found] : found

  const renderOptions = () => {
    const notice = (label: string) => (
      <Option disabled value="" text="">
        {label}
      </Option>
    )
    if (!searching && options.length === 0) {
      return notice(t('contact.typeMore', { min: SEARCH_MIN_CHARS }))
    }
    if (searching && contacts.isError) return notice(errorMessage(contacts.error))
    if (searching && contacts.isPending) return notice(t('contact.searching'))
    if (options.length === 0) return notice(t('contact.none'))
    return options.map((contact) => (
      <Option key={contact.id} value={String(contact.id)} text={contact.name}>
        {t('contact.option', { name: contact.name, number: contact.number })}
      </Option>
    ))
  }

  return (
    <Field
      label={t('fields.contact')}
      hint={readOnly ? undefined : t('hints.contact', { min: SEARCH_MIN_CHARS })}
      required
      validationMessage={message}
    >
      <Combobox
        ref={field.ref}
        freeform
        placeholder={t('placeholders.contact')}
        value={text}
        selectedOptions={field.value === null ? [] : [String(field.value)]}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value)
          // Typing again drops the choice until a contact of the list is picked.
          if (field.value !== null) {
            setChosen(null)
            field.onChange(null)
            onChosen(null)
          }
        }}
        onOptionSelect={(_event, data) => {
          const contact = options.find((option) => String(option.id) === data.optionValue)
          if (contact) choose(contact)
        }}
        onBlur={field.onBlur}
      >
        {renderOptions()}
      </Combobox>
    </Field>
  )
}
