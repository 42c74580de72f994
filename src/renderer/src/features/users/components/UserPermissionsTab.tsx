import { Field } from '@fluentui/react-components'
import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { SwitchField } from '@renderer/components/form/SwitchField'
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
      {/* Says what the switch changes: unset, a new ticket without queue reaches nobody but admins. */}
      <Field hint={t('dialog.permissions.allTicketHint')}>
        <SwitchField
          control={control}
          name="allTicket"
          label={t('dialog.permissions.allTicket')}
          on="enable"
          off="disable"
        />
      </Field>
      <SwitchField control={control} name="allowGroup" label={t('dialog.permissions.allowGroup')} />
      {USER_SWITCH_FIELDS.map((name) => (
        <SwitchField
          key={name}
          control={control}
          name={name}
          label={t(`dialog.permissions.${name}`)}
          on="enabled"
          off="disabled"
        />
      ))}
    </div>
  )
}
