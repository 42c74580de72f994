import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogTitle,
  Tab,
  TabList,
} from '@fluentui/react-components'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { yupResolver } from '@hookform/resolvers/yup'
import { useForm, useWatch, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { RecordDialog } from '@renderer/components/RecordDialog'
import type { QueueSummary, UserDto } from '@shared/contracts/users'
import { BusyButton } from '@renderer/components/BusyButton'
import { Form } from '@renderer/components/form/Form'
import { useCan } from '@renderer/hooks/useCan'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { useThemeMode } from '@renderer/hooks/useThemeMode'
import { notifyError, notifySuccess } from '@renderer/lib/notify'
import { readUserFieldError, type QueueOption } from '../api'
import {
  buildUserSchema,
  canEditUserField,
  emptyUserFormValues,
  needsCurrentPassword,
  toCreateUserBody,
  toUpdateUserBody,
  USER_PERMISSION_FIELDS,
  userToFormValues,
  type UserFormAccess,
  type UserFormValues,
} from '../forms/user-schema'
import {
  useCreateUserMutation,
  useUpdateUserMutation,
  useUploadUserAvatarMutation,
} from '../mutations'
import { userQueries } from '../queries'
import { UserGeneralTab } from './UserGeneralTab'
import { UserPermissionsTab } from './UserPermissionsTab'

export interface UserDialogProps {
  open: boolean
  /** The user to edit; absent to create one. */
  userId?: number
  onClose: () => void
}

/**
 * The user dialog (000 §5, 001 §2): create or edit a user, the signed-in one included (the shell's
 * "Profile"). Escape and Cancel close it; Enter in a field saves.
 */
export const UserDialog = ({ open, userId, onClose }: UserDialogProps) => {
  const { t } = useTranslation('users')
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={userId}
      load={userQueries.detail}
      title={t('dialog.editTitle')}
      loadingLabel={t('dialog.loading')}
      errorLabel={t('dialog.loadError')}
    >
      {(record) => <UserForm key={userId} user={record} onClose={onClose} />}
    </RecordDialog>
  )
}

type TabValue = 'general' | 'permissions'

const PERMISSION_FIELDS: ReadonlySet<string> = new Set(USER_PERMISSION_FIELDS)

const isFormField = (name: string): name is keyof UserFormValues =>
  Object.hasOwn(emptyUserFormValues, name)

/** The user's current queues stay choosable even when GET /queue does not list them. */
const withCurrentQueues = (options: QueueOption[], current: QueueSummary[]): QueueOption[] => {
  const known = new Set(options.map((queue) => queue.id))
  return [...options, ...current.filter((queue) => !known.has(queue.id))]
}

interface UserFormProps {
  user: UserDto | null
  onClose: () => void
}

const UserForm = ({ user, onClose }: UserFormProps) => {
  const { t } = useTranslation('users')
  const currentUser = useCurrentUser()
  const theme = useThemeMode()
  const canEditProfile = useCan('user-modal:editProfile')
  const canEditQueues = useCan('user-modal:editQueues')
  const access: UserFormAccess = useMemo(
    () => ({ canEditProfile, canEditQueues }),
    [canEditProfile, canEditQueues],
  )

  // After a create the dialog edits the new user: a failed avatar upload can then be retried.
  const [savedUser, setSavedUser] = useState<UserDto | null>(user)
  const mode = savedUser ? 'edit' : 'create'
  const [tab, setTab] = useState<TabValue>('general')
  const [avatarFile, setAvatarFile] = useState<File | null>(null)
  const [avatarError, setAvatarError] = useState<string | null>(null)

  // Editing himself, a user confirms his current password to change his password or e-mail.
  const ownEmail = savedUser?.id === currentUser.id ? savedUser.email : null
  const resolver = useMemo(() => yupResolver(buildUserSchema(mode, ownEmail)), [mode, ownEmail])
  const { control, handleSubmit, setError, setValue, formState } = useForm<UserFormValues>({
    defaultValues: user
      ? {
          ...userToFormValues(user),
          // His own profile shows the theme he is looking at, whatever his copy held before.
          ...(user.id === currentUser.id ? { defaultTheme: theme.mode } : {}),
        }
      : emptyUserFormValues,
    resolver,
  })
  const [password, email] = useWatch({ control, name: ['password', 'email'] })
  const askCurrentPassword = needsCurrentPassword({ password, email }, ownEmail)

  const queueQuery = useQuery({ ...userQueries.queueOptions(), enabled: canEditQueues })
  const connectionQuery = useQuery({ ...userQueries.connectionOptions(), enabled: canEditProfile })

  const createMutation = useCreateUserMutation()
  const updateMutation = useUpdateUserMutation()
  const uploadMutation = useUploadUserAvatarMutation()

  /** Puts a server refusal on its field; one the dialog does not show becomes a toast. */
  const showServerError = (error: unknown) => {
    const fieldError = readUserFieldError(error)
    if (!fieldError) return
    const key = `errors:${fieldError.code}`
    if (fieldError.field === 'profileImage') {
      setAvatarError(t(key))
    } else if (isFormField(fieldError.field) && canEditUserField(fieldError.field, access)) {
      setError(fieldError.field, { type: 'server', message: key }, { shouldFocus: true })
      setTab(PERMISSION_FIELDS.has(fieldError.field) ? 'permissions' : 'general')
    } else {
      notifyError(error)
    }
  }

  const handleSave = async (values: UserFormValues) => {
    let saved: UserDto
    try {
      saved = savedUser
        ? await updateMutation.mutateAsync({
            id: savedUser.id,
            body: toUpdateUserBody(values, access),
          })
        : await createMutation.mutateAsync(toCreateUserBody(values, access))
    } catch (error) {
      showServerError(error)
      return
    }
    notifySuccess(t(savedUser ? 'toasts.saved' : 'toasts.created'))
    setSavedUser(saved)
    setValue('password', '')
    setValue('currentPassword', '')

    if (avatarFile) {
      try {
        const withAvatar = await uploadMutation.mutateAsync({ userId: saved.id, file: avatarFile })
        setSavedUser(withAvatar)
        setAvatarFile(null)
      } catch (error) {
        // The user is saved; the dialog stays open on the avatar's error for another try.
        showServerError(error)
        return
      }
    }

    // 000 §6: the session, menu and theme are rebuilt from the saved user; the theme is taken
    // before the reload, so the reloaded page paints in it.
    if (saved.id === currentUser.id) {
      theme.adoptSaved(saved.defaultTheme)
      window.location.reload()
    } else onClose()
  }

  const handleInvalid = (errors: FieldErrors<UserFormValues>) => {
    const fields = Object.keys(errors)
    setTab(fields.every((field) => PERMISSION_FIELDS.has(field)) ? 'permissions' : 'general')
  }

  const handleAvatarChange = (file: File | null, error: string | null) => {
    setAvatarFile(file)
    setAvatarError(error)
  }

  const saving = formState.isSubmitting

  return (
    <Form namespace="users" onSubmit={handleSubmit(handleSave, handleInvalid)}>
      <DialogBody>
        <DialogTitle>{t(mode === 'create' ? 'dialog.addTitle' : 'dialog.editTitle')}</DialogTitle>
        <DialogContent>
          {canEditProfile && (
            <TabList
              aria-label={t('dialog.tabs.label')}
              selectedValue={tab}
              onTabSelect={(_event, data) =>
                setTab(data.value === 'permissions' ? 'permissions' : 'general')
              }
            >
              <Tab value="general">{t('dialog.tabs.general')}</Tab>
              <Tab value="permissions">{t('dialog.tabs.permissions')}</Tab>
            </TabList>
          )}
          {tab === 'permissions' && canEditProfile ? (
            <UserPermissionsTab control={control} />
          ) : (
            <UserGeneralTab
              control={control}
              mode={mode}
              access={access}
              askCurrentPassword={askCurrentPassword}
              queues={{
                items: withCurrentQueues(queueQuery.data ?? [], savedUser?.queues ?? []),
                loading: queueQuery.isLoading,
                failed: queueQuery.isError,
              }}
              connections={{
                items: connectionQuery.data ?? [],
                loading: connectionQuery.isLoading,
                failed: connectionQuery.isError,
              }}
              avatar={{
                profileImage: savedUser?.profileImage ?? null,
                file: avatarFile,
                error: avatarError,
                onChange: handleAvatarChange,
              }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button appearance="secondary" disabled={saving} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <BusyButton type="submit" busy={saving}>
            {t('actions.save')}
          </BusyButton>
        </DialogActions>
      </DialogBody>
    </Form>
  )
}
