import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CreateQueueBody, QueueDetailDto, UpdateQueueBody } from '@shared/contracts/queues'
import { notifyError } from '@renderer/lib/notify'
import { createQueue, deleteQueue, readQueueFieldError, updateQueue } from './api'
import { queueQueries } from './queries'
import { writeQueueEvent } from './realtime'

/** Errors the form shows on a field are not repeated as a toast. */
const notifyUnlessFieldError = (error: unknown): void => {
  if (!readQueueFieldError(error)) notifyError(error)
}

const storeSavedQueue = (queryClient: QueryClient, queue: QueueDetailDto): void => {
  const { chatbots: _chatbots, ...summary } = queue
  writeQueueEvent(queryClient, { action: 'update', queue: summary })
  queryClient.setQueryData(queueQueries.detail(queue.id).queryKey, queue)
}

export const useCreateQueueMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateQueueBody) => createQueue(body),
    onSuccess: (queue) => storeSavedQueue(queryClient, queue),
    onError: notifyUnlessFieldError,
  })
}

export interface UpdateQueueVariables {
  id: number
  body: UpdateQueueBody
}

export const useUpdateQueueMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: UpdateQueueVariables) => updateQueue(id, body),
    onSuccess: (queue) => storeSavedQueue(queryClient, queue),
    onError: notifyUnlessFieldError,
  })
}

export const useDeleteQueueMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteQueue(id),
    onSuccess: (_data, id) => writeQueueEvent(queryClient, { action: 'delete', queueId: id }),
    onError: notifyError,
  })
}
