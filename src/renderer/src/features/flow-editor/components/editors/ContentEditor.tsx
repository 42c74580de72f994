import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  ProgressBar,
} from '@fluentui/react-components'
import { yupResolver } from '@hookform/resolvers/yup'
import { useEffect, useRef, useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  FLOW_CONTENT_ELEMENTS_MAX,
  FLOW_CONTENT_ELEMENT_TYPES,
  type FlowContentElementType,
  type FlowMediaUpload,
  type FlowNodeDataOf,
} from '@shared/contracts/flows'
import { errorMessage } from '@renderer/lib/notify'
import {
  cardsToUpload,
  contentFormValues,
  contentSchema,
  newContentCard,
  toContentData,
  type ContentFormValues,
} from '@renderer/features/flow-editor/forms/content-schema'
import { useMediaUrls } from '@renderer/features/flow-editor/media/media-urls'
import { useUploadContentMediaMutation } from '@renderer/features/flow-editor/mutations'
import { BlockIcon } from '../nodes/BlockIcon'
import { useBlockEditorStyles } from './BlockEditor.styles'
import { cardButtonId, ContentCardRow } from './ContentCardRow'
import { useContentEditorStyles } from './ContentEditor.styles'
import { EditorShell, type BlockEditorProps } from './EditorShell'

const resolver = yupResolver(contentSchema)

/** Where the focus goes once the cards re-render: the moved card's button, or a new card. */
type PendingFocus = { cardId: string; action: 'up' | 'down' } | null

/**
 * A content block (002 §3.10, §5): an ordered list of text, interval, image, audio and video
 * cards, added at the end, moved up or down and removed with buttons. Chosen files are sent
 * together when the block is kept (POST /flowbuilder/content), in card order.
 */
export const ContentEditor = ({
  mode,
  data,
  onSave,
  onCancel,
}: BlockEditorProps<FlowNodeDataOf<'singleBlock'>>) => {
  const { t } = useTranslation('flowEditor')
  const styles = useContentEditorStyles()
  const shared = useBlockEditorStyles()
  const media = useMediaUrls()
  const upload = useUploadContentMediaMutation()
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { control, handleSubmit, formState, trigger } = useForm<ContentFormValues>({
    defaultValues: contentFormValues(data),
    resolver,
  })
  const { fields, append, remove, move } = useFieldArray({ control, name: 'cards' })

  const pendingFocus = useRef<PendingFocus>(null)
  useEffect(() => {
    const pending = pendingFocus.current
    if (!pending) return
    pendingFocus.current = null
    const index = fields.findIndex((field) => field.cardId === pending.cardId)
    // A card moved to an end has that button disabled: the other one keeps the focus nearby.
    const action =
      pending.action === 'up' && index === 0
        ? 'down'
        : pending.action === 'down' && index === fields.length - 1
          ? 'up'
          : pending.action
    document.getElementById(cardButtonId(pending.cardId, action))?.focus()
  }, [fields])

  const handleMove = (index: number, to: number) => {
    const card = fields[index]
    if (!card || to < 0 || to >= fields.length) return
    pendingFocus.current = { cardId: card.cardId, action: to < index ? 'up' : 'down' }
    move(index, to)
  }

  const handleAdd = (type: FlowContentElementType) =>
    append(newContentCard(type), { shouldFocus: true })

  const handleFileChosen = (index: number) => {
    if (formState.isSubmitted) void trigger(`cards.${index}.value`)
  }

  const handleSave = async (values: ContentFormValues) => {
    const pending = cardsToUpload(values)
    const uploads = new Map<string, FlowMediaUpload>()
    if (pending.length > 0) {
      setFailure(null)
      setProgress(0)
      try {
        const answers = await upload.mutateAsync({
          files: pending.map((card) => card.file!),
          onProgress: setProgress,
        })
        pending.forEach((card, index) => {
          const answer = answers[index]
          if (!answer) return
          uploads.set(card.cardId, answer)
          media.add(answer.name, answer.url)
        })
      } catch (error) {
        setFailure(errorMessage(error))
        return
      } finally {
        setProgress(null)
      }
      if (uploads.size !== pending.length) {
        setFailure(t('editor.uploadIncomplete'))
        return
      }
    }
    onSave(toContentData(values, uploads))
  }

  const sending = progress !== null
  const listError = formState.errors.cards?.root?.message ?? formState.errors.cards?.message
  return (
    <EditorShell
      mode={mode}
      type="singleBlock"
      busy={sending}
      onSubmit={handleSubmit(handleSave)}
      onCancel={onCancel}
    >
      {fields.length === 0 ? (
        <Caption1 className={styles.empty}>{t('editor.noCards')}</Caption1>
      ) : (
        <ol className={styles.cards} aria-label={t('editor.cardsLabel')}>
          {fields.map((field, index) => (
            <ContentCardRow
              key={field.id}
              control={control}
              index={index}
              count={fields.length}
              disabled={sending}
              onMove={handleMove}
              onRemove={remove}
              onFileChosen={handleFileChosen}
            />
          ))}
        </ol>
      )}
      {listError && (
        <Caption1 role="alert" className={shared.error}>
          {t(listError)}
        </Caption1>
      )}
      <div className={styles.add} role="group" aria-label={t('editor.addCard')}>
        {FLOW_CONTENT_ELEMENT_TYPES.map((type) => (
          <Button
            key={type}
            icon={<BlockIcon type={type} />}
            disabled={sending || fields.length >= FLOW_CONTENT_ELEMENTS_MAX}
            onClick={() => handleAdd(type)}
          >
            {t(`editor.cards.${type}`)}
          </Button>
        ))}
      </div>
      {sending && (
        <ProgressBar
          value={progress}
          max={1}
          aria-label={t('media.uploading', { percent: Math.round(progress * 100) })}
        />
      )}
      {failure && (
        <MessageBar intent="error">
          <MessageBarBody>{t('editor.uploadFailed', { reason: failure })}</MessageBarBody>
        </MessageBar>
      )}
    </EditorShell>
  )
}
