import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useController, useForm, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { FlowNodeDataOf } from '@shared/contracts/flows'
import { SwitchField } from '@renderer/components/form/SwitchField'
import { useFieldMessage } from '@renderer/components/form/useFieldMessage'
import { errorMessage } from '@renderer/lib/notify'
import {
  mediaSchema,
  type MediaFormValues,
} from '@renderer/features/flow-editor/forms/media-schema'
import type { MediaBlockType } from '@renderer/features/flow-editor/media/media-check'
import { useMediaUrls } from '@renderer/features/flow-editor/media/media-urls'
import { useMediaAddress } from '@renderer/features/flow-editor/media/useMediaAddress'
import { useUploadFlowMediaMutation } from '@renderer/features/flow-editor/mutations'
import { EditorShell, type BlockEditorProps } from './EditorShell'
import { MediaFileField } from './MediaFileField'
import { MediaPreview } from './MediaPreview'

const resolver = yupResolver(mediaSchema)

type MediaData = FlowNodeDataOf<'img'> | FlowNodeDataOf<'audio'> | FlowNodeDataOf<'video'>

export interface MediaEditorProps extends BlockEditorProps<MediaData> {
  type: MediaBlockType
}

interface MediaFieldsProps {
  type: MediaBlockType
  control: Control<MediaFormValues>
  /** The share sent so far, or null when nothing is being sent. */
  progress: number | null
  failure: string | null
  onChoose: (file: File) => void
}

/** The file, its preview and, for an audio, the voice-note switch; inside the editor's form. */
const MediaFields = ({ type, control, progress, failure, onChoose }: MediaFieldsProps) => {
  const { t } = useTranslation('flowEditor')
  const { field, fieldState } = useController({ control, name: 'url' })
  const missing = useFieldMessage(fieldState.error)
  const address = useMediaAddress(field.value)
  return (
    <>
      <MediaFileField
        type={type}
        label={t('editor.file')}
        fileName={field.value}
        progress={progress}
        error={failure ?? missing}
        onChoose={onChoose}
      />
      {address && <MediaPreview type={type} src={address} name={field.value} />}
      {type === 'audio' && (
        <SwitchField control={control} name="record" label={t('editor.record')} />
      )}
    </>
  )
}

/**
 * An image, audio or video block: its file, checked and sent as soon as it is chosen
 * (POST /flowbuilder/img|audio|video), then previewed; an audio may go as a voice note.
 */
export const MediaEditor = ({ type, mode, data, onSave, onCancel }: MediaEditorProps) => {
  const media = useMediaUrls()
  const upload = useUploadFlowMediaMutation()
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const { control, handleSubmit, setValue } = useForm<MediaFormValues>({
    defaultValues: { url: data.url, record: 'record' in data ? data.record : false },
    resolver,
  })

  const handleChoose = async (file: File) => {
    setFailure(null)
    setProgress(0)
    try {
      const answer = await upload.mutateAsync({ route: type, file, onProgress: setProgress })
      media.add(answer.name, answer.url)
      setValue('url', answer.name, { shouldValidate: true, shouldDirty: true })
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      setProgress(null)
    }
  }

  const handleSave = (values: MediaFormValues) =>
    onSave(type === 'audio' ? { url: values.url, record: values.record } : { url: values.url })

  return (
    <EditorShell
      mode={mode}
      type={type}
      busy={progress !== null}
      onSubmit={handleSubmit(handleSave)}
      onCancel={onCancel}
    >
      <MediaFields
        type={type}
        control={control}
        progress={progress}
        failure={failure}
        onChoose={(file) => void handleChoose(file)}
      />
    </EditorShell>
  )
}
