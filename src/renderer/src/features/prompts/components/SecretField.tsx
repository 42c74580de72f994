import { Button } from '@fluentui/react-components'
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { useState } from 'react'
import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TextField } from '@renderer/components/form/TextField'
import type { PromptFormValues } from '../forms/prompt-schema'

export interface SecretFieldProps {
  control: Control<PromptFormValues>
  name: 'apiKey' | 'voiceKey'
  label: string
  hint: string
  /** The stored key, masked (`••••abcd`), shown where nothing is typed; '' when none. */
  stored: string
  required?: boolean
}

/**
 * A key typed like a password, with a button that shows or hides it. A stored key never comes
 * back in clear: its mask is the placeholder, and an empty field keeps it.
 */
export const SecretField = ({ control, name, label, hint, stored, required }: SecretFieldProps) => {
  const { t } = useTranslation('prompts')
  const [shown, setShown] = useState(false)
  return (
    <TextField
      control={control}
      name={name}
      type={shown ? 'text' : 'password'}
      // Not the browser's saved passwords: a provider's key belongs to the company.
      autoComplete="new-password"
      label={label}
      hint={hint}
      placeholder={stored || undefined}
      required={required}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={shown ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={t(shown ? 'actions.hideKey' : 'actions.showKey')}
          aria-pressed={shown}
          onClick={() => setShown((visible) => !visible)}
        />
      }
    />
  )
}
