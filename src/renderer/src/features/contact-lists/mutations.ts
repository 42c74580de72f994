import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  SaveContactListBody,
  UpdateContactListItemBody,
} from '@shared/contracts/contact-lists'
import { notifyError } from '@renderer/lib/notify'
import {
  createContactList,
  createContactListItem,
  deleteContactList,
  deleteContactListItem,
  downloadExampleSheet,
  isExistingContact,
  readContactListFieldError,
  readContactListItemFieldError,
  updateContactList,
  updateContactListItem,
  uploadContactList,
} from './api'
import { writeContactListEvent, writeContactListItemEvent } from './realtime'

/** The name the example spreadsheet is saved under. */
export const EXAMPLE_SHEET_NAME = 'planilha-exemplo.xlsx'

export interface SaveContactListVariables {
  /** The list to rename; null to create one. */
  id: number | null
  body: SaveContactListBody
}

/**
 * Creates or renames a list and writes the answer into the caches at once (the socket's echo
 * changes nothing more). A refusal the form shows on a field (a taken name) is no toast.
 */
export const useSaveContactListMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SaveContactListVariables) =>
      id === null ? createContactList(body) : updateContactList(id, body),
    onSuccess: (record, { id }) =>
      writeContactListEvent(queryClient, { action: id === null ? 'create' : 'update', record }),
    onError: (error) => {
      if (!readContactListFieldError(error)) notifyError(error)
    },
  })
}

/** Deletes a list with its contacts; a failure is a toast. */
export const useDeleteContactListMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteContactList(id),
    onSuccess: (_data, id) => writeContactListEvent(queryClient, { action: 'delete', id }),
    onError: (error) => notifyError(error),
  })
}

/** Saves the example spreadsheet through a temporary link, the browser's and Electron's save path. */
export const useDownloadExampleSheetMutation = () =>
  useMutation({
    mutationFn: async () => {
      const url = URL.createObjectURL(await downloadExampleSheet())
      const link = document.createElement('a')
      link.href = url
      link.download = EXAMPLE_SHEET_NAME
      link.click()
      URL.revokeObjectURL(url)
    },
    onError: (error) => notifyError(error),
  })

export interface UploadContactListVariables {
  contactListId: number
  file: File
  /** The share of the file sent so far, from 0 to 1. */
  onProgress?: (share: number) => void
}

/**
 * Sends a spreadsheet into a list, then reads the list's contacts and counts again. A failure
 * is the import dialog's to show, so it is no toast.
 */
export const useUploadContactListMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ contactListId, file, onProgress }: UploadContactListVariables) =>
      uploadContactList(contactListId, file, onProgress),
    onSuccess: (_result, { contactListId }) =>
      writeContactListItemEvent(queryClient, { action: 'reload', contactListId }),
  })
}

export interface SaveContactListItemVariables {
  /** The contact to update; null to add one. */
  id: number | null
  contactListId: number
  body: UpdateContactListItemBody
}

/**
 * Adds or updates a list's contact and writes the answer into the caches at once; a number the
 * list had answers its contact, written as the update it is. A refusal the form shows on a
 * field is no toast.
 */
export const useSaveContactListItemMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, contactListId, body }: SaveContactListItemVariables) =>
      id === null
        ? createContactListItem({ ...body, contactListId })
        : updateContactListItem(id, body),
    onSuccess: (record, { id, body }) =>
      writeContactListItemEvent(queryClient, {
        action: id === null && !isExistingContact(body, record) ? 'create' : 'update',
        record,
      }),
    onError: (error) => {
      if (!readContactListItemFieldError(error)) notifyError(error)
    },
  })
}

/** Takes a contact out of its list; a failure is a toast. */
export const useDeleteContactListItemMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: number; contactListId: number }) => deleteContactListItem(id),
    onSuccess: (_data, { id, contactListId }) =>
      writeContactListItemEvent(queryClient, { action: 'delete', id, contactListId }),
    onError: (error) => notifyError(error),
  })
}
