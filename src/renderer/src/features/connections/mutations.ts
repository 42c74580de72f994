import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  ConnectionDto,
  CreateConnectionBody,
  UpdateConnectionBody,
} from '@shared/contracts/connections'
import { notifyError } from '@renderer/lib/notify'
import {
  closeImportedTickets,
  createConnection,
  deleteConnection,
  disconnectSession,
  operatorDeleteConnection,
  operatorDisconnectSession,
  removeGreetingMedia,
  requestNewQr,
  restartConnections,
  retrySession,
  updateConnection,
  uploadGreetingMedia,
} from './api'
import { connectionQueries } from './queries'
import { writeConnection } from './realtime'

/** What the dialog does with the greeting attachment after saving the fields. */
export type AttachmentChange =
  { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' }

export interface SaveConnectionInput {
  id: number | null
  body: CreateConnectionBody | UpdateConnectionBody
  attachment: AttachmentChange
}

/** Saves the connection, then its greeting attachment (the upload needs the connection's id). */
export const useSaveConnectionMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, body, attachment }: SaveConnectionInput): Promise<ConnectionDto> => {
      let saved =
        id === null
          ? await createConnection(body as CreateConnectionBody)
          : await updateConnection(id, body)
      if (attachment.kind === 'upload') saved = await uploadGreetingMedia(saved.id, attachment.file)
      if (attachment.kind === 'remove' && saved.greetingMediaAttachment)
        saved = await removeGreetingMedia(saved.id)
      return saved
    },
    onSuccess: (saved) => writeConnection(queryClient, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionQueries.all() }),
    onError: notifyError,
  })
}

export const useDeleteConnectionMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteConnection(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionQueries.all() }),
    onError: notifyError,
  })
}

export type SessionCommand = 'retry' | 'newQr' | 'disconnect' | 'closeImported'

const COMMANDS: Record<SessionCommand, (id: number) => Promise<unknown>> = {
  retry: retrySession,
  newQr: requestNewQr,
  disconnect: disconnectSession,
  closeImported: closeImportedTickets,
}

/** The per-status session buttons (001 §4); the session's progress arrives through events. */
export const useSessionCommandMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: SessionCommand }) => COMMANDS[command](id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionQueries.all() }),
    onError: notifyError,
  })
}

export const useRestartConnectionsMutation = () =>
  useMutation({ mutationFn: restartConnections, onError: notifyError })

/** The operator's actions on another company's connection (super user). */
export const useOperatorCommandMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: 'delete' | 'disconnect' }) =>
      command === 'delete' ? operatorDeleteConnection(id) : operatorDisconnectSession(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionQueries.all() }),
    onError: notifyError,
  })
}
