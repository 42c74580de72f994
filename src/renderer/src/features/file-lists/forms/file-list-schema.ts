import * as yup from 'yup'
import {
  FILE_LIST_NAME,
  FILE_LIST_OPTIONS_MAX,
  FILE_OPTION_MAX_BYTES,
  type FileListDto,
  type SaveFileListBody,
} from '@shared/contracts/file-lists'
import {
  fileListProblems,
  type FileListForm,
  type FileListProblem,
} from '@shared/contracts/file-lists-rules'

/** `files` namespace keys of the form's messages (002 §5 "File form"). */
export const fileListValidationMessages = {
  required: 'validation.required',
  nameTooShort: 'validation.nameTooShort',
  nameTooLong: 'validation.nameTooLong',
  messageTooLong: 'validation.messageTooLong',
  fileRequired: 'validation.fileRequired',
  fileTooLarge: 'validation.fileTooLarge',
  tooManyOptions: 'validation.tooManyOptions',
} as const

const m = fileListValidationMessages

/** The wording of each problem the shared rules find, by the kind of field it is on. */
const problemMessages: Record<'name' | 'message', Record<FileListProblem, string>> = {
  name: { required: m.required, tooShort: m.nameTooShort, tooLong: m.nameTooLong },
  message: { required: m.required, tooShort: m.required, tooLong: m.messageTooLong },
}

export interface FileOptionFormValues {
  /** The stored option's id; null for one added in this form, until the save gives it one. */
  id: number | null
  name: string
  /** The file chosen here, sent once the list is saved; null keeps the stored one. */
  file: File | null
  /** The stored file's MIME type; null while the option has no file. */
  storedMediaType: string | null
  /** The stored file, relative to the company's media; null while the option has no file. */
  storedPath: string | null
  /** A short-lived address to open the stored file. */
  storedUrl: string | null
}

export interface FileListFormValues {
  name: string
  /** Sent before the files. */
  message: string
  options: FileOptionFormValues[]
}

/** Why a chosen file cannot be an option's: larger than a WhatsApp video may be (20 MB). */
export const fileOptionProblem = (file: File): 'fileTooLarge' | null =>
  file.size > FILE_OPTION_MAX_BYTES ? 'fileTooLarge' : null

/** The index of the option a yup path (`options[2].name`) or a form path (`options.2.name`) is in. */
const optionIndexOf = (path: string): number | null => {
  const match = /^options(?:\[(\d+)\]|\.(\d+))/.exec(path)
  const digits = match?.[1] ?? match?.[2]
  return digits === undefined ? null : Number(digits)
}

/** The whole form an option's test belongs to: two levels above the option's field. */
const formOf = (test: yup.TestContext): FileListForm | null => {
  const value: unknown = test.from?.[1]?.value
  return typeof value === 'object' && value !== null ? (value as FileListForm) : null
}

/** The file-list form's rules (002 §5): the shared rules in our wording, then each file's. */
export const fileListSchema: yup.ObjectSchema<FileListFormValues> = yup.object({
  name: yup
    .string()
    .defined()
    .test('rules', (_value, test) => {
      const problem = fileListProblems(test.parent as FileListForm).name
      return problem ? test.createError({ message: problemMessages.name[problem] }) : true
    }),
  message: yup
    .string()
    .defined()
    .test('rules', (_value, test) => {
      const problem = fileListProblems(test.parent as FileListForm).message
      return problem ? test.createError({ message: problemMessages.message[problem] }) : true
    }),
  options: yup
    .array(
      yup.object({
        id: yup.number().integer().nullable().defined(),
        name: yup
          .string()
          .defined()
          .test('rules', (_value, test) => {
            const form = formOf(test)
            const index = optionIndexOf(test.path)
            if (!form || index === null) return true
            const problem = fileListProblems(form)[`options.${index}.name`]
            return problem ? test.createError({ message: problemMessages.name[problem] }) : true
          }),
        file: yup
          .mixed<File>()
          .nullable()
          .defined()
          .test('size', m.fileTooLarge, (file) => !file || fileOptionProblem(file) === null)
          .test('present', m.fileRequired, (file, test) => {
            const option = test.parent as FileOptionFormValues
            return file !== null || option.id !== null
          }),
        storedMediaType: yup.string().nullable().defined(),
        storedPath: yup.string().nullable().defined(),
        storedUrl: yup.string().nullable().defined(),
      }),
    )
    .max(FILE_LIST_OPTIONS_MAX, m.tooManyOptions)
    .required(),
})

/** A new option's row: no name, no file. */
export const emptyFileOption = (): FileOptionFormValues => ({
  id: null,
  name: '',
  file: null,
  storedMediaType: null,
  storedPath: null,
  storedUrl: null,
})

/** The rows of a stored list's options, without a new file. */
export const optionsToFormValues = (options: FileListDto['options']): FileOptionFormValues[] =>
  options.map((option) => ({
    id: option.id,
    name: option.name,
    file: null,
    storedMediaType: option.mediaType,
    storedPath: option.path,
    storedUrl: option.url,
  }))

/** The form of a stored list, or of a new one (null) with one empty option to fill. */
export const fileListToFormValues = (list: FileListDto | null): FileListFormValues =>
  list
    ? { name: list.name, message: list.message, options: optionsToFormValues(list.options) }
    : { name: '', message: '', options: [emptyFileOption()] }

/**
 * The body of POST and PUT: the list and its options by name. A stored option keeps its id; a
 * new one goes without, and a stored option no longer in the form is thereby deleted.
 */
export const toFileListBody = (values: FileListFormValues): SaveFileListBody => ({
  name: values.name.trim(),
  message: values.message.trim(),
  options: values.options.map((option) =>
    option.id === null ? { name: option.name.trim() } : { id: option.id, name: option.name.trim() },
  ),
})

/** An option name from a file's name: without its extension, within the name's limit. */
export const optionNameFromFile = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.')
  const base = dot > 0 ? fileName.slice(0, dot) : fileName
  return base.trim().slice(0, FILE_LIST_NAME.max)
}

/** One file to send after a save: the form row it came from and the option it belongs to. */
export interface PendingUpload {
  /** The row of the form's options. */
  index: number
  option: { id: number; name: string; file: File }
}

/**
 * The ids the saved list gave the form's rows, in their order: a stored row keeps its own; a new
 * row takes the new option of the same name (the first not yet taken), else the next new option
 * in creation order. Null where no option of the answer fits.
 */
export const savedOptionIds = (
  rows: readonly Pick<FileOptionFormValues, 'id' | 'name'>[],
  saved: FileListDto['options'],
): (number | null)[] => {
  const stored = new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])))
  const created = saved.filter((option) => !stored.has(option.id)).sort((a, b) => a.id - b.id)
  const taken = new Set<number>()
  const ids = rows.map((row) => row.id)
  // Rows named like a new option take it first, so a positional guess never steals its name.
  rows.forEach((row, index) => {
    if (row.id !== null) return
    const name = row.name.trim()
    const named = created.find((option) => !taken.has(option.id) && option.name === name)
    if (!named) return
    taken.add(named.id)
    ids[index] = named.id
  })
  rows.forEach((row, index) => {
    if (ids[index] !== null) return
    const next = created.find((option) => !taken.has(option.id))
    if (!next) return
    taken.add(next.id)
    ids[index] = next.id
  })
  return ids
}

/** The files to send after a save, each with the id the save gave its option. */
export const pendingUploads = (
  rows: readonly FileOptionFormValues[],
  ids: readonly (number | null)[],
): PendingUpload[] =>
  rows.flatMap((row, index) => {
    const id = ids[index]
    if (!row.file || id === null || id === undefined) return []
    return [{ index, option: { id, name: row.name.trim(), file: row.file } }]
  })

/** The fields of the form a server refusal may name (`name`, `message`, `options.2.name`). */
export type FileListFormField = 'name' | 'message' | `options.${number}.name`

export const isFileListFormField = (
  name: string,
  optionCount: number,
): name is FileListFormField => {
  if (name === 'name' || name === 'message') return true
  const index = optionIndexOf(name)
  return index !== null && index < optionCount && name === `options.${index}.name`
}

/** The family of a MIME type, for the icon beside a file. */
export type MediaFamily = 'image' | 'video' | 'audio' | 'pdf' | 'document'

export const mediaFamilyOf = (mediaType: string | null | undefined): MediaFamily => {
  const type = (mediaType ?? '').toLowerCase()
  if (type.startsWith('image/')) return 'image'
  if (type.startsWith('video/')) return 'video'
  if (type.startsWith('audio/')) return 'audio'
  if (type === 'application/pdf') return 'pdf'
  return 'document'
}

/** The file name of a stored path (`company1/fileList/3/catalogo.pdf` → `catalogo.pdf`). */
export const fileNameOfPath = (path: string): string => path.split(/[\\/]/).pop() ?? path
