import type { UsedBy } from '@shared/contracts/common'
import type {
  FileListDto,
  FileListPage,
  FileListSummaryDto,
  FileUploadResponse,
  SaveFileListBody,
} from '@shared/contracts/file-lists'
import { http } from '@renderer/lib/http'
import { readFieldError, readUsedBy, type FieldError } from '@renderer/lib/server-refusal'

export interface ListFileListsParams {
  searchParam: string
  /** 1-based. */
  pageNumber: number
}

/** GET /files/: one page of 20 file lists, by name, searched by name. */
export const listFileLists = async (
  { searchParam, pageNumber }: ListFileListsParams,
  signal?: AbortSignal,
): Promise<FileListPage> =>
  (
    await http.get<FileListPage>('/files/', {
      params: { searchParam: searchParam || undefined, pageNumber },
      signal,
    })
  ).data

/** Pages a picker reads at most: a company with more lists is a misuse this bounds. */
const PICKER_PAGES = 50

/** Every file list of the company, by name, for the pickers of queues and chatbot options. */
export const listAllFileLists = async (signal?: AbortSignal): Promise<FileListSummaryDto[]> => {
  const all: FileListSummaryDto[] = []
  for (let pageNumber = 1; pageNumber <= PICKER_PAGES; pageNumber++) {
    const page = await listFileLists({ searchParam: '', pageNumber }, signal)
    all.push(...page.files)
    if (!page.hasMore) break
  }
  return all
}

/** GET /files/{id}: the list with its options, each with a short-lived preview address. */
export const getFileList = async (id: number, signal?: AbortSignal): Promise<FileListDto> =>
  (await http.get<FileListDto>(`/files/${id}`, { signal })).data

/** POST /files: the list and its options by name; the answer gives the new options their ids. */
export const createFileList = async (body: SaveFileListBody): Promise<FileListDto> =>
  (await http.post<FileListDto>('/files', body)).data

/**
 * PUT /files/{id}: options with an id are kept, new ones created, stored ones left out deleted
 * with their files.
 */
export const updateFileList = async (id: number, body: SaveFileListBody): Promise<FileListDto> =>
  (await http.put<FileListDto>(`/files/${id}`, body)).data

/** One option's file to send, once the list's save gave the option its id. */
export interface FileOptionUpload {
  /** The option's id, from the answer of POST or PUT. */
  id: number
  name: string
  file: File
}

/**
 * POST /files/uploadList/{listId}: the file of one option (multipart `fileId`, `typeArch`
 * "fileList", then `files`, `mediaType`, `name` and `id`). `onProgress` hears the sent share,
 * from 0 to 1.
 */
export const uploadFileOption = async (
  listId: number,
  option: FileOptionUpload,
  onProgress?: (share: number) => void,
  signal?: AbortSignal,
): Promise<FileUploadResponse> => {
  const form = new FormData()
  form.append('fileId', String(listId))
  form.append('typeArch', 'fileList')
  form.append('files', option.file)
  form.append('mediaType', option.file.type)
  form.append('name', option.name)
  form.append('id', String(option.id))
  return (
    await http.post<FileUploadResponse>(`/files/uploadList/${listId}`, form, {
      signal,
      onUploadProgress: (event) => {
        const total = event.total ?? option.file.size
        if (total > 0) onProgress?.(Math.min(1, event.loaded / total))
      },
    })
  ).data
}

/** DELETE /files/{id}: refused with ERR_FILE_LIST_IN_USE while queues or options send it. */
export const deleteFileList = async (id: number): Promise<void> => {
  await http.delete(`/files/${id}`)
}

/** The field a failed save points at (a taken name, a rule the server checked), or null. */
export const readFileListFieldError = (error: unknown): FieldError | null =>
  readFieldError(error, { ERR_DUPLICATED_FILE_LIST: 'name' })

/** What still sends a file list whose delete was refused (ERR_FILE_LIST_IN_USE), or null. */
export const readFileListUsage = (error: unknown): UsedBy | null =>
  readUsedBy(error, 'ERR_FILE_LIST_IN_USE')
