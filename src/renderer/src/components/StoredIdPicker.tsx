import { Option } from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import type { Ref } from 'react'

export interface StoredIdPickerProps {
  ref?: Ref<HTMLButtonElement>
  id: number | null
  noneLabel: string
  storedLabel: (id: number) => string
  disabled?: boolean
  onSelect: (id: number | null) => void
  onBlur?: () => void
}

/**
 * A picker for records whose screens arrive later (integrations, prompts, flows, file lists):
 * it offers "none" and keeps the id a record already has, so saving never loses what another
 * client set.
 */
export const StoredIdPicker = ({
  ref,
  id,
  noneLabel,
  storedLabel,
  disabled,
  onSelect,
  onBlur,
}: StoredIdPickerProps) => (
  <Dropdown
    ref={ref}
    value={id === null ? noneLabel : storedLabel(id)}
    selectedOptions={[id === null ? '' : String(id)]}
    disabled={disabled}
    onOptionSelect={(_event, data) => onSelect(data.optionValue ? Number(data.optionValue) : null)}
    onBlur={onBlur}
  >
    <Option value="">{noneLabel}</Option>
    {id !== null && <Option value={String(id)}>{storedLabel(id)}</Option>}
  </Dropdown>
)
