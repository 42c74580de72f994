import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateHelpBody } from '@shared/contracts/helps'
import { notifyError } from '@renderer/lib/notify'
import { createHelp, deleteHelp, updateHelp } from './api'
import { helpQueries } from './queries'

export const useSaveHelpMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateHelpBody }) =>
      id === null ? createHelp(body) : updateHelp(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: helpQueries.all() }),
    onError: notifyError,
  })
}

export const useDeleteHelpMutation = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteHelp,
    onSuccess: () => client.invalidateQueries({ queryKey: helpQueries.all() }),
    onError: notifyError,
  })
}
