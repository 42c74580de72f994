import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { CreateUserBody, UpdateUserBody, UserDto } from '@shared/contracts/users'
import { notifyError } from '@renderer/lib/notify'
import { getSession, updateSessionUser } from '@renderer/lib/session'
import {
  createUser,
  deleteUser,
  readUserFieldError,
  updateTicketsManagerWidth,
  updateUser,
  uploadUserAvatar,
} from './api'
import { userQueries } from './queries'
import { applyUserEventToList, type UsersListCache } from './realtime'

/**
 * Writes of the user dialog: an error that belongs to a field is shown on that field by the form,
 * so only the others become a toast.
 */
const notifyUnlessFieldError = (error: unknown): void => {
  if (!readUserFieldError(error)) notifyError(error)
}

/** Puts a saved user into the caches at once; the list is refetched for order and search. */
const storeSavedUser = (queryClient: QueryClient, user: UserDto): void => {
  queryClient.setQueryData(userQueries.detail(user.id).queryKey, user)
  queryClient.setQueriesData<UsersListCache>({ queryKey: userQueries.lists() }, (cache) =>
    applyUserEventToList(cache, { action: 'update', user }),
  )
  void queryClient.invalidateQueries({ queryKey: userQueries.lists() })
  void queryClient.invalidateQueries({ queryKey: userQueries.picker().queryKey })
}

export const useCreateUserMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateUserBody) => createUser(body),
    onSuccess: (user) => storeSavedUser(queryClient, user),
    onError: notifyUnlessFieldError,
  })
}

export interface UpdateUserVariables {
  id: number
  body: UpdateUserBody
}

export const useUpdateUserMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: UpdateUserVariables) => updateUser(id, body),
    onSuccess: (user) => storeSavedUser(queryClient, user),
    onError: notifyUnlessFieldError,
  })
}

export const useDeleteUserMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userQueries.detail(id).queryKey })
      queryClient.setQueriesData<UsersListCache>({ queryKey: userQueries.lists() }, (cache) =>
        applyUserEventToList(cache, { action: 'delete', userId: id }),
      )
      void queryClient.invalidateQueries({ queryKey: userQueries.lists() })
      void queryClient.invalidateQueries({ queryKey: userQueries.picker().queryKey })
    },
    onError: notifyError,
  })
}

export interface UploadUserAvatarVariables {
  userId: number
  file: File
}

export const useUploadUserAvatarMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, file }: UploadUserAvatarVariables) => uploadUserAvatar(userId, file),
    onSuccess: (user) => storeSavedUser(queryClient, user),
    onError: notifyUnlessFieldError,
  })
}

export interface UpdateTicketsManagerWidthVariables {
  userId: number
  width: number
}

/**
 * The ticket list's width, dragged outside any form, so every failure is a toast. The signed-in
 * user's own width also lives in the session, which the tickets screen reads.
 */
export const useUpdateTicketsManagerWidthMutation = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, width }: UpdateTicketsManagerWidthVariables) =>
      updateTicketsManagerWidth(userId, width),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueries.detail(user.id).queryKey, user)
      const session = getSession()
      if (session.status === 'signed-in' && session.user.id === user.id) {
        updateSessionUser({ defaultTicketsManagerWidth: user.defaultTicketsManagerWidth })
      }
    },
    onError: notifyError,
  })
}
