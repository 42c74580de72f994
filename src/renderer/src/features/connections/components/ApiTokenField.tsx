import { Button, Tooltip } from '@fluentui/react-components'
import { CopyRegular, EyeOffRegular, EyeRegular, KeyResetRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useController, type Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextField } from '@renderer/components/form/TextField'
import { notify, notifySuccess } from '@renderer/lib/notify'
import type { ConnectionFormValues } from '../forms/connection-schema'
import { useApiTokenFieldStyles } from './ApiTokenField.styles'

/**
 * The connection's external-API token: a credential, so masked until asked for, with a copy
 * button (the usual reason to look at it) and one to have the server generate a new one.
 */
export const ApiTokenField = ({ control }: { control: Control<ConnectionFormValues> }) => {
  const { t } = useTranslation('connections')
  const styles = useApiTokenFieldStyles()
  const [shown, setShown] = useState(false)
  // An emptied token asks the server for a new one on save.
  const { field: token } = useController({ control, name: 'token' })

  const copy = () =>
    navigator.clipboard.writeText(token.value).then(
      () => notifySuccess(t('dialog.tokenCopied')),
      () => notify('error', t('dialog.tokenCopyFailed')),
    )

  return (
    <TextField
      control={control}
      name="token"
      type={shown ? 'text' : 'password'}
      label={t('dialog.token')}
      hint={t('dialog.tokenHint')}
      readOnly
      contentAfter={
        <span className={styles.buttons}>
          <Button
            appearance="transparent"
            size="small"
            icon={shown ? <EyeOffRegular /> : <EyeRegular />}
            aria-label={t(shown ? 'dialog.hideToken' : 'dialog.showToken')}
            aria-pressed={shown}
            onClick={() => setShown((visible) => !visible)}
          />
          <Tooltip content={t('dialog.copyToken')} relationship="label">
            <Button
              appearance="transparent"
              size="small"
              icon={<CopyRegular />}
              disabled={!token.value}
              onClick={() => void copy()}
            />
          </Tooltip>
          <Tooltip content={t('dialog.regenerateToken')} relationship="label">
            <Button
              appearance="transparent"
              size="small"
              icon={<KeyResetRegular />}
              onClick={() => token.onChange('')}
            />
          </Tooltip>
        </span>
      }
    />
  )
}
