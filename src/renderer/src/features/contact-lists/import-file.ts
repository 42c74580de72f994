import {
  CONTACT_LIST_UPLOAD_EXTENSIONS,
  CONTACT_LIST_UPLOAD_MAX_BYTES,
} from '@shared/contracts/contact-lists'

/**
 * 002 §2.5's input offers .xls, which the server cannot read (the legacy binary format): such a
 * file is still offered, and choosing one says how to convert it instead of sending it to be refused.
 */
const LEGACY_EXTENSION = 'xls'

/** The file input's `accept`: the spreadsheets an upload reads, and the legacy one. */
export const IMPORT_ACCEPT = [...CONTACT_LIST_UPLOAD_EXTENSIONS, LEGACY_EXTENSION]
  .map((extension) => `.${extension}`)
  .join(',')

/** The upload's size limit in whole megabytes, as the user reads it. */
export const IMPORT_MAX_MB = Math.floor(CONTACT_LIST_UPLOAD_MAX_BYTES / (1024 * 1024))

const EXTENSIONS: readonly string[] = CONTACT_LIST_UPLOAD_EXTENSIONS

/**
 * Why a chosen file would be refused before it is sent, or null: the legacy .xls, another type
 * (a picker's "all files" lets any through), or more than the upload takes.
 */
export const importFileProblem = (file: File): 'legacy' | 'type' | 'size' | null => {
  const extension = file.name.includes('.') ? file.name.split('.').at(-1)!.toLowerCase() : ''
  if (extension === LEGACY_EXTENSION) return 'legacy'
  if (!EXTENSIONS.includes(extension)) return 'type'
  if (file.size > CONTACT_LIST_UPLOAD_MAX_BYTES) return 'size'
  return null
}
