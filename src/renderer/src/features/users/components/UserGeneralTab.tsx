import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Radio,
  RadioGroup,
  Textarea,
} from '@fluentui/react-components'
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { Controller, useWatch, type Control, type FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PROFILES } from '@shared/permissions'
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
  queues: PickerOptions<QueueOption>
  connections: PickerOptions<ConnectionOption>
  avatar: Omit<UserAvatarFieldProps, 'name'>
}

/** Time inputs move in 10-minute steps (000 §5). */
const WORK_TIME_STEP_SECONDS = 600

/**
 * The general tab: identity, password, preferences and avatar for everyone; profile, queues,
 * default connection and work hours only with the `user-modal:*` permissions that guard them.
 */
export const UserGeneralTab = ({
  control,
  mode,
  access,
  queues,
  connections,
  avatar,
}: UserGeneralTabProps) => {
  const { t } = useTranslation('users')
  const styles = useUserGeneralTabStyles()
  const [showPassword, setShowPassword] = useState(false)
  // The avatar's initials follow the name as it is typed.
  const name = useWatch({ control, name: 'name' })
  // Messages are keys: ours in `users`, server codes as `errors:CODE`.
  const message = (error: FieldError | undefined) => (error?.message ? t(error.message) : undefined)

  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <UserAvatarField {...avatar} name={name} />
      </div>

      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <Field
            label={t('dialog.fields.name')}
            required
            validationMessage={message(fieldState.error)}
          >
            <Input
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
              autoComplete="off"
            />
          </Field>
        )}
      />

      <Controller
        control={control}
        name="email"
        render={({ field, fieldState }) => (
          <Field
            label={t('dialog.fields.email')}
            required
            validationMessage={message(fieldState.error)}
          >
            <Input
              ref={field.ref}
              name={field.name}
              type="email"
              value={field.value}
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
              autoComplete="off"
            />
          </Field>
        )}
      />

      <Controller
        control={control}
        name="password"
        render={({ field, fieldState }) => (
          <Field
            label={t('dialog.fields.password')}
            required={mode === 'create'}
            hint={mode === 'edit' ? t('dialog.hints.passwordEdit') : undefined}
            validationMessage={message(fieldState.error)}
          >
            <Input
              ref={field.ref}
              name={field.name}
              type={showPassword ? 'text' : 'password'}
              value={field.value}
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
              autoComplete="new-password"
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
          </Field>
        )}
      />

      {access.canEditProfile && (
        <Controller
          control={control}
          name="profile"
          render={({ field, fieldState }) => (
            <Field
              label={t('dialog.fields.profile')}
              required
              validationMessage={message(fieldState.error)}
            >
              <Dropdown
                ref={field.ref}
                value={t(`profiles.${field.value}`)}
                selectedOptions={[field.value]}
                onOptionSelect={(_event, data) => field.onChange(data.optionValue)}
                onBlur={field.onBlur}
              >
                {PROFILES.map((profile) => (
                  <Option key={profile} value={profile}>
                    {t(`profiles.${profile}`)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          )}
        />
      )}

      {access.canEditQueues && (
        <Controller
          control={control}
          name="queueIds"
          render={({ field, fieldState }) => {
            const selected = queues.items.filter((queue) => field.value.includes(queue.id))
            return (
              <Field
                label={t('dialog.fields.queues')}
                hint={emptyHint(
                  queues,
                  t('dialog.hints.queuesEmpty'),
                  t('dialog.hints.queuesError'),
                )}
                validationMessage={message(fieldState.error)}
              >
                <Dropdown
                  ref={field.ref}
                  multiselect
                  disabled={queues.items.length === 0}
                  placeholder={t('dialog.placeholders.queues')}
                  value={selected.map((queue) => queue.name).join(', ')}
                  selectedOptions={field.value.map(String)}
                  onOptionSelect={(_event, data) =>
                    field.onChange(data.selectedOptions.map(Number))
                  }
                  onBlur={field.onBlur}
                >
                  {queues.items.map((queue) => (
                    <Option key={queue.id} value={String(queue.id)} text={queue.name}>
                      <span className={styles.queueOption}>
                        {/* The colour is the queue's own data, not a theme value. */}
                        <span
                          className={styles.queueColor}
                          style={{ backgroundColor: queue.color }}
                          aria-hidden
                        />
                        {queue.name}
                      </span>
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            )
          }}
        />
      )}

      {access.canEditProfile && (
        <Controller
          control={control}
          name="whatsappId"
          render={({ field, fieldState }) => {
            const current = connections.items.find((connection) => connection.id === field.value)
            return (
              <Field
                label={t('dialog.fields.whatsapp')}
                hint={emptyHint(
                  connections,
                  t('dialog.hints.connectionsEmpty'),
                  t('dialog.hints.connectionsError'),
                )}
                validationMessage={message(fieldState.error)}
              >
                <Dropdown
                  ref={field.ref}
                  disabled={connections.items.length === 0}
                  value={current?.name ?? t('dialog.placeholders.noConnection')}
                  selectedOptions={[field.value === null ? '' : String(field.value)]}
                  onOptionSelect={(_event, data) =>
                    field.onChange(data.optionValue ? Number(data.optionValue) : null)
                  }
                  onBlur={field.onBlur}
                >
                  <Option value="">{t('dialog.placeholders.noConnection')}</Option>
                  {connections.items.map((connection) => (
                    <Option key={connection.id} value={String(connection.id)}>
                      {connection.name}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            )
          }}
        />
      )}

      {access.canEditProfile &&
        (['startWork', 'endWork'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <Field
                label={t(`dialog.fields.${name}`)}
                required
                validationMessage={message(fieldState.error)}
              >
                <Input
                  ref={field.ref}
                  name={field.name}
                  type="time"
                  step={WORK_TIME_STEP_SECONDS}
                  value={field.value}
                  onChange={(_event, data) => field.onChange(data.value)}
                  onBlur={field.onBlur}
                />
              </Field>
            )}
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

      <Controller
        control={control}
        name="farewellMessage"
        render={({ field, fieldState }) => (
          <Field
            className={styles.wide}
            label={t('dialog.fields.farewellMessage')}
            validationMessage={message(fieldState.error)}
          >
            <Textarea
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={(_event, data) => field.onChange(data.value)}
              onBlur={field.onBlur}
              resize="vertical"
              rows={3}
            />
          </Field>
        )}
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
