import { Button, Subtitle2, Tooltip } from '@fluentui/react-components'
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons'
import { useController, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { FLOW_INTERVAL_MAX_SECONDS } from '@shared/contracts/flows'
import type { ContentFormValues } from '@renderer/features/flow-editor/forms/content-schema'
import { isMediaType } from '@renderer/features/flow-editor/media/media-check'
import { useMediaAddress } from '@renderer/features/flow-editor/media/useMediaAddress'
import { BlockIcon } from '../nodes/BlockIcon'
import { MediaFileField } from './MediaFileField'
import { MediaPreview } from './MediaPreview'
import { useObjectUrl } from './useObjectUrl'
import { useContentCardRowStyles } from './ContentCardRow.styles'

/** A card's move or remove button, found again after the card moved to give it the focus. */
export const cardButtonId = (cardId: string, action: 'up' | 'down' | 'remove'): string =>
  `content-card-${cardId}-${action}`

export interface ContentCardRowProps {
  control: Control<ContentFormValues>
  index: number
  count: number
  disabled: boolean
  onMove: (index: number, to: number) => void
  onRemove: (index: number) => void
  /** A file was chosen: the card's "no file" message may no longer hold. */
  onFileChosen: (index: number) => void
}

/** A media card's file: the one chosen (sent when the block is kept) or the one stored. */
const MediaCardFile = ({
  control,
  index,
  disabled,
  onFileChosen,
}: Pick<ContentCardRowProps, 'control' | 'index' | 'disabled' | 'onFileChosen'>) => {
  const { t } = useTranslation('flowEditor')
  const type = useWatch({ control, name: `cards.${index}.type` })
  const original = useWatch({ control, name: `cards.${index}.original` })
  const value = useController({ control, name: `cards.${index}.value` })
  const file = useController({ control, name: `cards.${index}.file` })
  const missing = useFieldMessage(value.fieldState.error)
  const chosen = file.field.value
  const chosenUrl = useObjectUrl(chosen)
  const storedUrl = useMediaAddress(chosen ? '' : value.field.value)
  if (!isMediaType(type)) return null
  const name = chosen?.name ?? (original || value.field.value)
  const preview = chosenUrl ?? storedUrl
  return (
    <>
      <MediaFileField
        type={type}
        label={t('editor.file')}
        fileName={name}
        progress={null}
        error={missing}
        disabled={disabled}
        onChoose={(picked) => {
          file.field.onChange(picked)
          onFileChosen(index)
        }}
      />
      {preview && <MediaPreview type={type} src={preview} name={name} />}
      {type === 'audio' && (
        <SwitchField control={control} name={`cards.${index}.record`} label={t('editor.record')} />
      )}
    </>
  )
}

/**
 * One card of a content block: its kind and place, its text, seconds or file, and buttons to
 * move it up or down and to remove it (each named with the card's number for screen readers).
 */
export const ContentCardRow = ({
  control,
  index,
  count,
  disabled,
  onMove,
  onRemove,
  onFileChosen,
}: ContentCardRowProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useContentCardRowStyles()
  const type = useWatch({ control, name: `cards.${index}.type` })
  const cardId = useWatch({ control, name: `cards.${index}.cardId` })
  const number = index + 1
  const kind = t(`editor.cards.${type}`)
  const moveUp = t('editor.moveUp', { number })
  const moveDown = t('editor.moveDown', { number })
  const removeCard = t('editor.removeCard', { number })
  return (
    <li className={styles.root} aria-label={t('editor.cardLabel', { number, kind })}>
      <div className={styles.header}>
        <BlockIcon type={type} className={styles.icon} />
        <Subtitle2 as="h3" className={styles.title}>
          {t('editor.cardTitle', { number, kind })}
        </Subtitle2>
        <div className={styles.actions}>
          <Tooltip content={moveUp} relationship="label">
            <Button
              id={cardButtonId(cardId, 'up')}
              appearance="subtle"
              icon={<ArrowUpRegular />}
              disabled={disabled || index === 0}
              onClick={() => onMove(index, index - 1)}
            />
          </Tooltip>
          <Tooltip content={moveDown} relationship="label">
            <Button
              id={cardButtonId(cardId, 'down')}
              appearance="subtle"
              icon={<ArrowDownRegular />}
              disabled={disabled || index === count - 1}
              onClick={() => onMove(index, index + 1)}
            />
          </Tooltip>
          <Tooltip content={removeCard} relationship="label">
            <Button
              id={cardButtonId(cardId, 'remove')}
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={disabled}
              onClick={() => onRemove(index)}
            />
          </Tooltip>
        </div>
      </div>
      {type === 'message' && (
        <TextAreaField
          control={control}
          name={`cards.${index}.value`}
          label={t('editor.text')}
          rows={4}
        />
      )}
      {type === 'interval' && (
        <TextField
          control={control}
          name={`cards.${index}.value`}
          label={t('editor.seconds')}
          hint={t('editor.secondsHint', { max: FLOW_INTERVAL_MAX_SECONDS })}
          inputMode="numeric"
        />
      )}
      {isMediaType(type) && (
        <MediaCardFile
          control={control}
          index={index}
          disabled={disabled}
          onFileChosen={onFileChosen}
        />
      )}
    </li>
  )
}
