import { Switch } from '@fluentui/react-components'
import { Controller, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { USER_SWITCH_FIELDS, type UserFormValues } from '../forms/user-schema'
import { useUserPermissionsTabStyles } from './UserPermissionsTab.styles'

export interface UserPermissionsTabProps {
  control: Control<UserFormValues>
}

/**
 * What the user may see and do beyond his queues. Shown only to whoever holds
 * `user-modal:editProfile`; the three value spellings are the spec's.
 */
export const UserPermissionsTab = ({ control }: UserPermissionsTabProps) => {
  const { t } = useTranslation('users')
  const styles = useUserPermissionsTabStyles()
  return (
    <div className={styles.list}>
      <Controller
        control={control}
        name="allTicket"
        render={({ field }) => (
          <Switch
            ref={field.ref}
            label={t('dialog.permissions.allTicket')}
            checked={field.value === 'enable'}
            onChange={(_event, data) => field.onChange(data.checked ? 'enable' : 'disable')}
          />
        )}
      />
      <Controller
        control={control}
        name="allowGroup"
        render={({ field }) => (
          <Switch
            ref={field.ref}
            label={t('dialog.permissions.allowGroup')}
            checked={field.value}
            onChange={(_event, data) => field.onChange(data.checked)}
          />
        )}
      />
      {USER_SWITCH_FIELDS.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <Switch
              ref={field.ref}
              label={t(`dialog.permissions.${name}`)}
              checked={field.value === 'enabled'}
              onChange={(_event, data) => field.onChange(data.checked ? 'enabled' : 'disabled')}
            />
          )}
        />
      ))}
    </div>
  )
}
