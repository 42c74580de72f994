import { Button, Field, Radio, RadioGroup } from '@fluentui/react-components'
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { Controller, useWatch, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PROFILES } from '@shared/permissions'
import { MultiSelectField } from '@renderer/components/form/MultiSelectField'
import { SelectField } from '@renderer/components/form/SelectField'
import { TextAreaField } from '@renderer/components/form/TextAreaField'
import { TextField } from '@renderer/components/form/TextField'
import type { ConnectionOption, QueueOption } from '../api'
import type { UserFormAccess, UserFormMode, UserFormValues } from '../forms/user-schema'
import { UserAvatarField, type UserAvatarFieldProps } from './UserAvatarField'
import { useUserGeneralTabStyles } from './UserGeneralTab.styles'

/** The two personal preferences shown as radio groups, with their translated options. */
const PREFERENCE_CHOICES = [
  {
    name: 'defaultTheme',
    options: [
      ['light', 'dialog.themes.light'],
      ['dark', 'dialog.themes.dark'],
    ],
  },
  {
    name: 'defaultMenu',
    options: [
      ['open', 'dialog.menus.open'],
      ['closed', 'dialog.menus.closed'],
    ],
  },
] as const

/** Options of a picker with how their request went, so the field can say why it is empty. */
export interface PickerOptions<T> {
  items: T[]
  loading: boolean
  failed: boolean
}

export interface UserGeneralTabProps {
  control: Control<UserFormValues>
  mode: UserFormMode
  access: UserFormAccess
  /** The signed-in user changes his own password or e-mail: he confirms his current password. */
  askCurrentPassword: boolean
  queues: PickerOptions<QueueOption>
  connections: PickerOptions<ConnectionOption>
  avatar: Omit<UserAvatarFieldProps, 'name'>
}

/** Time inputs move in 10-minute steps (000 §5). */
const WORK_TIME_STEP_SECONDS = 600

/**
 * The general tab: identity, password (and the current one when a user changes his own password
 * or e-mail), preferences and avatar for everyone; profile, queues,
 * default connection and work hours only with the `user-modal:*` permissions that guard them.
 */
export const UserGeneralTab = ({
  control,
  mode,
  access,
  askCurrentPassword,
  queues,
  connections,
  avatar,
}: UserGeneralTabProps) => {
  const { t } = useTranslation('users')
  const styles = useUserGeneralTabStyles()
  const [showPassword, setShowPassword] = useState(false)
  // The avatar's initials follow the name as it is typed.
  const name = useWatch({ control, name: 'name' })

  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <UserAvatarField {...avatar} name={name} />
      </div>

      <TextField control={control} name="name" label={t('dialog.fields.name')} required />
      <TextField
        control={control}
        name="email"
        type="email"
        label={t('dialog.fields.email')}
        required
      />
      <TextField
        control={control}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="new-password"
        // On edit it sits beside "current password" when the user changes his own: name it new.
        label={t(mode === 'create' ? 'dialog.fields.password' : 'dialog.fields.newPassword')}
        required={mode === 'create'}
        hint={mode === 'edit' ? t('dialog.hints.passwordEdit') : undefined}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={showPassword ? <EyeOffRegular /> : <EyeRegular />}
            aria-label={t(showPassword ? 'dialog.password.hide' : 'dialog.password.show')}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((shown) => !shown)}
          />
        }
      />
      {askCurrentPassword && (
        <TextField
          control={control}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          label={t('dialog.fields.currentPassword')}
          hint={t('dialog.hints.currentPassword')}
          required
        />
      )}

      {access.canEditProfile && (
        <SelectField
          control={control}
          name="profile"
          label={t('dialog.fields.profile')}
          required
          options={PROFILES.map((profile) => ({ value: profile, label: t(`profiles.${profile}`) }))}
        />
      )}

      {access.canEditQueues && (
        <MultiSelectField
          control={control}
          name="queueIds"
          label={t('dialog.fields.queues')}
          hint={emptyHint(queues, t('dialog.hints.queuesEmpty'), t('dialog.hints.queuesError'))}
          disabled={queues.items.length === 0}
          placeholder={t('dialog.placeholders.queues')}
          options={queues.items.map((queue) => ({
            value: queue.id,
            label: queue.name,
            content: (
              <span className={styles.queueOption}>
                {/* The colour is the queue's own data, not a theme value. */}
                <span
                  className={styles.queueColor}
                  style={{ backgroundColor: queue.color }}
                  aria-hidden
                />
                {queue.name}
              </span>
            ),
          }))}
        />
      )}

      {access.canEditProfile && (
        <SelectField
          control={control}
          name="whatsappId"
          label={t('dialog.fields.whatsapp')}
          hint={emptyHint(
            connections,
            t('dialog.hints.connectionsEmpty'),
            t('dialog.hints.connectionsError'),
          )}
          disabled={connections.items.length === 0}
          noneLabel={t('dialog.placeholders.noConnection')}
          options={connections.items.map((connection) => ({
            value: connection.id,
            label: connection.name,
          }))}
        />
      )}

      {access.canEditProfile &&
        (['startWork', 'endWork'] as const).map((name) => (
          <TextField
            key={name}
            control={control}
            name={name}
            type="time"
            step={WORK_TIME_STEP_SECONDS}
            label={t(`dialog.fields.${name}`)}
            required
          />
        ))}

      {PREFERENCE_CHOICES.map(({ name, options }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Field label={t(`dialog.fields.${name}`)}>
              <RadioGroup
                layout="horizontal"
                name={field.name}
                value={field.value}
                onChange={(_event, data) => field.onChange(data.value)}
              >
                {options.map(([value, label]) => (
                  <Radio key={value} value={value} label={t(label)} />
                ))}
              </RadioGroup>
            </Field>
          )}
        />
      ))}

      <TextAreaField
        className={styles.wide}
        control={control}
        name="farewellMessage"
        label={t('dialog.fields.farewellMessage')}
        rows={3}
      />
    </div>
  )
}

/** The hint under a picker with nothing to offer: empty, or failed to load. */
const emptyHint = <T,>(
  options: PickerOptions<T>,
  emptyText: string,
  failedText: string,
): string | undefined => {
  if (options.failed) return failedText
  return options.items.length === 0 && !options.loading ? emptyText : undefined
}
