import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  dateOrder,
  readDateText,
  showDateText,
  stepDateValue,
  type DateStep,
  type DateTextType,
} from './date-text'

export interface DateText {
  value: string
  /** The expected shape in the interface language: "dd/mm/aaaa", "mm/dd/yyyy", "hh:mm". */
  placeholder: string
  onChange: (text: string) => void
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void
}

const isDateText = (type: string): type is DateTextType => type === 'date' || type === 'time'

/**
 * How a text input shows and edits a date or time field in the interface language; null for any
 * other type. Arrow keys step the value as the browser's own inputs do.
 */
export const useDateText = (
  type: string,
  value: string,
  onChange: (value: string) => void,
  bounds: DateStep,
): DateText | null => {
  const { t, i18n } = useTranslation('common')
  if (!isDateText(type)) return null
  const locale = i18n.language
  const { order, separator } = dateOrder(locale)
  return {
    value: showDateText(type, value, locale),
    placeholder:
      type === 'date'
        ? order.map((part) => t(`dateInput.${part}`)).join(separator)
        : t('dateInput.time'),
    onChange: (text) => onChange(readDateText(type, text, locale)),
    onKeyDown: (event) => {
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
      const next = stepDateValue(type, value, event.key === 'ArrowUp' ? 1 : -1, bounds)
      if (next === null) return
      event.preventDefault()
      onChange(next)
    },
  }
}
