import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FILE_LIST_OPTIONS_MAX, type FileListDto } from '@shared/contracts/file-lists'
import { errorMessage, notifyError, notifySuccess, notifyWarning } from '@renderer/lib/notify'
import { readFileListFieldError } from '../api'
import {
  emptyFileOption,
  fileListSchema,
  fileListToFormValues,
  fileOptionProblem,
  isFileListFormField,
  optionNameFromFile,
  pendingUploads,
  savedOptionIds,
  toFileListBody,
  type FileListFormValues,
} from '../forms/file-list-schema'
import { useSaveFileListMutation, useUploadFileOptionMutation } from '../mutations'

/** Where one option's file stands after a save: being sent, sent, or refused. */
export type UploadState =
  | { status: 'uploading'; share: number }
  | { status: 'done' }
  | { status: 'failed'; message: string }

export interface FileListFormOptions {
  /** The list to edit; null to create one. */
  list: FileListDto | null
  onClose: () => void
}

/**
 * The file-list dialog's state and save (002 §2.19, §3.13): the list is saved first (POST or
 * PUT), which gives new options their ids, then each chosen file is sent on its own, its progress
 * shown on its row. A file the server refuses stays on its row with the reason, the list stays
 * saved, and the dialog stays open to try again; once every file is sent the dialog closes.
 */
export const useFileListForm = ({ list, onClose }: FileListFormOptions) => {
  const { t } = useTranslation('files')
  const form = useForm<FileListFormValues>({
    defaultValues: fileListToFormValues(list),
    resolver: yupResolver(fileListSchema),
  })
  const { control, getValues, setValue, setError, clearErrors, trigger } = form
  const options = useFieldArray({ control, name: 'options', keyName: 'key' })
  // A new list saved here whose files were not all sent is edited from then on.
  const [savedId, setSavedId] = useState<number | null>(list?.id ?? null)
  const [uploads, setUploads] = useState<Record<string, UploadState>>({})
  const saveMutation = useSaveFileListMutation()
  const uploadMutation = useUploadFileOptionMutation()

  const setUpload = (key: string, state: UploadState | null) =>
    setUploads((current) => {
      const { [key]: _dropped, ...rest } = current
      return state ? { ...rest, [key]: state } : rest
    })

  /** Puts a server refusal on its field (a taken name); the mutation toasts the others. */
  const showServerError = (error: unknown, optionCount: number) => {
    const fieldError = readFileListFieldError(error)
    if (!fieldError) return
    if (isFileListFormField(fieldError.field, optionCount)) {
      setError(
        fieldError.field,
        { type: 'server', message: `errors:${fieldError.code}` },
        { shouldFocus: true },
      )
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: FileListFormValues) => {
    const isNew = savedId === null
    let saved: FileListDto
    try {
      saved = await saveMutation.mutateAsync({ id: savedId, body: toFileListBody(values) })
    } catch (error) {
      showServerError(error, values.options.length)
      return
    }
    setSavedId(saved.id)
    const ids = savedOptionIds(values.options, saved.options)
    const keys = options.fields.map((field) => field.key)
    ids.forEach((id, index) => setValue(`options.${index}.id`, id))

    let failed = 0
    // One file per request, in the form's order: simpler progress, and a refusal is one file's.
    for (const { index, option } of pendingUploads(values.options, ids)) {
      const key = keys[index] ?? String(index)
      setUpload(key, { status: 'uploading', share: 0 })
      try {
        const answer = await uploadMutation.mutateAsync({
          listId: saved.id,
          option,
          onProgress: (share) => setUpload(key, { status: 'uploading', share }),
        })
        const stored = answer.files.options.find((candidate) => candidate.id === option.id)
        setValue(`options.${index}.file`, null)
        setValue(`options.${index}.storedMediaType`, stored?.mediaType ?? option.file.type)
        setValue(`options.${index}.storedPath`, stored?.path ?? option.file.name)
        setValue(`options.${index}.storedUrl`, stored?.url ?? null)
        setUpload(key, { status: 'done' })
      } catch (error) {
        failed += 1
        setUpload(key, { status: 'failed', message: errorMessage(error) })
      }
    }

    if (failed > 0) {
      notifyWarning(t('toasts.uploadFailed', { count: failed }))
      return
    }
    notifySuccess(t(isNew ? 'toasts.added' : 'toasts.edited'))
    onClose()
  }

  /** Takes `file` for the option of row `index`, naming an unnamed option after it. */
  const chooseFile = (index: number, file: File) => {
    const key = options.fields[index]?.key
    if (key) setUpload(key, null)
    setValue(`options.${index}.file`, file, { shouldDirty: true })
    if (getValues(`options.${index}.name`).trim() === '') {
      setValue(`options.${index}.name`, optionNameFromFile(file.name), { shouldDirty: true })
      clearErrors(`options.${index}.name`)
    }
    // A file too large is refused at once, on its row, and blocks the save until replaced.
    if (fileOptionProblem(file)) void trigger(`options.${index}.file`)
    else clearErrors(`options.${index}.file`)
  }

  const saving = form.formState.isSubmitting

  return {
    control,
    /** The option rows, each with a stable `key`. */
    rows: options.fields,
    /**
     * Whether the dialog still adds a list: until a save of it ends with files left to send,
     * from when on it edits the saved list.
     */
    isNew: list === null && (savedId === null || saving),
    saving,
    uploads,
    canAddOption: options.fields.length < FILE_LIST_OPTIONS_MAX,
    addOption: () => options.append(emptyFileOption()),
    removeOption: (index: number) => options.remove(index),
    chooseFile,
    submit: form.handleSubmit(handleSave),
  }
}

export type FileListFormState = ReturnType<typeof useFileListForm>
