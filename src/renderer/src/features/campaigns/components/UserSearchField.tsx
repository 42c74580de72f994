import { Combobox, Field, Option } from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useController, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@shared/constants'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { errorMessage } from '@renderer/lib/notify'
import type { CampaignFormValues } from '../forms/campaign-schema'
import { campaignQueries } from '../queries'

interface UserChoice {
  id: number
  name: string
}

export interface UserSearchFieldProps {
  control: Control<CampaignFormValues>
  /** The stored campaign's user, shown until another is chosen. */
  stored: UserChoice | null
  disabled: boolean
}

/**
 * The user the opened tickets go to (002 §5): users are searched by name from 3 typed
 * characters, 500 ms after the last key; clearing the text leaves the tickets to nobody.
 */
export const UserSearchField = ({ control, stored, disabled }: UserSearchFieldProps) => {
  const { t } = useTranslation('campaigns')
  const { field, fieldState } = useController({ control, name: 'userId' })
  const message = useFieldMessage(fieldState.error)
  const [chosen, setChosen] = useState<UserChoice | null>(
    stored && stored.id === field.value ? stored : null,
  )
  const [text, setText] = useState(chosen?.name ?? '')
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const searching = term.length >= SEARCH_MIN_CHARS
  const users = useQuery({ ...campaignQueries.users(term), enabled: searching && !disabled })
  const found: UserChoice[] = users.data ?? []
  const options =
    chosen && !found.some((user) => user.id === chosen.id) ? [chosen, ...found] : found

  const choose = (user: UserChoice | null) => {
    setChosen(user)
    setText(user?.name ?? '')
    field.onChange(user?.id ?? null)
  }

  const renderOptions = () => {
    const notice = (label: string) => (
      <Option disabled value="" text="">
        {label}
      </Option>
    )
    if (!searching && options.length === 0) {
      return notice(t('dialog.typeMore', { min: SEARCH_MIN_CHARS }))
    }
    if (searching && users.isError) return notice(errorMessage(users.error))
    if (searching && users.isPending) return notice(t('dialog.searchingUsers'))
    if (options.length === 0) return notice(t('dialog.noUsers'))
    return options.map((user) => (
      <Option key={user.id} value={String(user.id)} text={user.name}>
        {user.name}
      </Option>
    ))
  }

  return (
    <Field label={t('fields.user')} hint={t('hints.user')} validationMessage={message}>
      <Combobox
        ref={field.ref}
        freeform
        clearable
        placeholder={t('placeholders.user')}
        value={text}
        selectedOptions={field.value === null ? [] : [String(field.value)]}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value)
          // Typing again drops the choice until a user of the list is picked.
          if (field.value !== null) {
            setChosen(null)
            field.onChange(null)
          }
        }}
        onOptionSelect={(_event, data) => {
          if (!data.optionValue) {
            choose(null)
            return
          }
          const user = options.find((option) => String(option.id) === data.optionValue)
          if (user) choose(user)
        }}
        onBlur={field.onBlur}
      >
        {renderOptions()}
      </Combobox>
    </Field>
  )
}
