import { Dropdown as FluentDropdown } from '@fluentui/react-components'
import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Fluent's Dropdown, with its clear button named in the interface language: Fluent always renders
 * that button (hidden unless `clearable`) and names it "Clear selection" in English.
 */
export const Dropdown = ({ clearButton, ...props }: ComponentProps<typeof FluentDropdown>) => {
  const { t } = useTranslation('common')
  return (
    <FluentDropdown {...props} clearButton={clearButton ?? { 'aria-label': t('clearSelection') }} />
  )
}
