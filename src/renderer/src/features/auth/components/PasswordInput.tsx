import { Button, Input, type InputProps } from '@fluentui/react-components'
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { forwardRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A password input with a show/hide toggle (000 §2 /login). */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(
  function PasswordInput(props, ref) {
    const { t } = useTranslation('auth')
    const [visible, setVisible] = useState(false)
    return (
      <Input
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={visible ? <EyeOffRegular /> : <EyeRegular />}
            aria-label={visible ? t('password.hide') : t('password.show')}
            aria-pressed={visible}
            onClick={() => setVisible(!visible)}
          />
        }
      />
    )
  },
)
