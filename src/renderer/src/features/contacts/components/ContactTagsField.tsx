import {
  Field,
  Tag,
  TagPicker,
  TagPickerControl,
  TagPickerGroup,
  TagPickerInput,
  TagPickerList,
  TagPickerOption,
  type TagPickerProps,
} from '@fluentui/react-components'
import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TagDto } from '@shared/contracts/tags'
import { newTagProblem, randomTagColor, type ContactTagValue } from '../forms/contact-schema'
import { TagSwatch } from '@renderer/components/TagChip'

const NEW_PREFIX = 'new:'

const keyOf = (tag: ContactTagValue) =>
  tag.id === null ? `${NEW_PREFIX}${tag.name.toLowerCase()}` : `id:${tag.id}`

export interface ContactTagsFieldProps {
  value: ContactTagValue[]
  onChange: (tags: ContactTagValue[]) => void
  options: TagDto[]
  disabled?: boolean
  /**
   * Creating takes choosing the "Create tag “x”" option, listed after the matching tags: Enter
   * picks the highlighted tag and never turns typed text into a tag. Where a tag is saved at
   * once (the drawer), a sentence typed by mistake became a tag.
   */
  explicitCreate?: boolean
}

/**
 * The contact's tags: pick existing ones, or type a new name and press Enter. A new tag needs at
 * least 3 characters ('Tag muito curta!') and gets a random colour and kanban 0 (000 §5); it is
 * created when the contact is saved.
 */
export const ContactTagsField = ({
  value,
  onChange,
  options,
  disabled,
  explicitCreate = false,
}: ContactTagsFieldProps) => {
  const { t } = useTranslation('contacts')
  const [query, setQuery] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const selectedKeys = value.map(keyOf)
  const typed = query.trim()
  const lowered = typed.toLowerCase()
  const available = options.filter(
    (tag) => !selectedKeys.includes(`id:${tag.id}`) && tag.name.toLowerCase().includes(lowered),
  )
  const exists =
    options.some((tag) => tag.name.toLowerCase() === lowered) ||
    value.some((tag) => tag.name.toLowerCase() === lowered)

  const addNew = (name: string) => {
    const tooShort = newTagProblem(name)
    if (tooShort) {
      setProblem(tooShort)
      return
    }
    onChange([...value, { id: null, name: name.trim(), color: randomTagColor() }])
    setQuery('')
    setProblem(null)
  }

  const handleSelect: TagPickerProps['onOptionSelect'] = (_event, data) => {
    const key = data.value
    if (selectedKeys.includes(key)) {
      onChange(value.filter((tag) => keyOf(tag) !== key))
      return
    }
    if (key.startsWith(NEW_PREFIX)) {
      addNew(key.slice(NEW_PREFIX.length))
      return
    }
    const tag = options.find((option) => `id:${option.id}` === key)
    if (tag) onChange([...value, { id: tag.id, name: tag.name, color: tag.color }])
    setQuery('')
    setProblem(null)
  }

  // Enter on a typed name that matches no option adds it, like choosing "Add …".
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (explicitCreate) return
    if (event.key !== 'Enter' || !typed || exists || available.length > 0) return
    event.preventDefault()
    addNew(typed)
  }

  const createLabel = t('dialog.tags.create', { name: typed })
  // Typing highlights the first option whose text starts with the typed text: with its own
  // label as its text, the explicit create option is never highlighted by typing alone.
  const createOption = typed && !exists && (
    <TagPickerOption value={`${NEW_PREFIX}${typed}`} text={explicitCreate ? createLabel : typed}>
      {createLabel}
    </TagPickerOption>
  )

  return (
    <Field label={t('dialog.fields.tags')} validationMessage={problem ? t(problem) : undefined}>
      <TagPicker
        selectedOptions={selectedKeys}
        onOptionSelect={handleSelect}
        disabled={disabled}
        // The list highlights its first option by itself: never the create option alone.
        disableAutoFocus={explicitCreate && available.length === 0}
      >
        <TagPickerControl>
          <TagPickerGroup aria-label={t('dialog.tags.selected')}>
            {value.map((tag) => (
              <Tag
                key={keyOf(tag)}
                value={keyOf(tag)}
                shape="rounded"
                dismissible
                dismissIcon={{ 'aria-label': t('dialog.tags.remove', { name: tag.name }) }}
                media={<TagSwatch color={tag.color} />}
              >
                {tag.name}
              </Tag>
            ))}
          </TagPickerGroup>
          <TagPickerInput
            aria-label={t('dialog.tags.input')}
            placeholder={value.length === 0 ? t('dialog.tags.placeholder') : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setProblem(null)
            }}
            onKeyDown={handleKeyDown}
          />
        </TagPickerControl>
        <TagPickerList>
          {!explicitCreate && createOption}
          {available.map((tag) => (
            <TagPickerOption
              key={tag.id}
              value={`id:${tag.id}`}
              text={tag.name}
              media={<TagSwatch color={tag.color} />}
            >
              {tag.name}
            </TagPickerOption>
          ))}
          {explicitCreate && createOption}
        </TagPickerList>
      </TagPicker>
    </Field>
  )
}
