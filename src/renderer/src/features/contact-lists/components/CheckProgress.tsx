import {
  Button,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  ProgressBar,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { ContactListCheckProgress } from '@shared/contracts/contact-lists'

export interface CheckProgressProps {
  progress: ContactListCheckProgress
  /** Puts away the notice of a check that ended with numbers unchecked. */
  onDismiss: () => void
}

/**
 * The check of a list's numbers with WhatsApp: a bar while it runs (checked of total, invalid so
 * far); once ended with numbers unchecked (no connected WhatsApp could ask, or it kept failing),
 * a notice, since their icons alone would not say why.
 */
export const CheckProgress = ({ progress, onDismiss }: CheckProgressProps) => {
  const { t } = useTranslation('contactLists')
  const { checked, total, invalid, done } = progress
  if (done) {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('check.unfinished', { count: total - checked })}</MessageBarBody>
        <MessageBarActions
          containerAction={
            <Button
              appearance="transparent"
              icon={<DismissRegular />}
              aria-label={t('check.dismiss')}
              onClick={onDismiss}
            />
          }
        />
      </MessageBar>
    )
  }
  return (
    <Field
      label={t('check.label')}
      hint={t('check.progress', { checked, total, invalid })}
      validationState="none"
    >
      <ProgressBar
        value={total === 0 ? undefined : Math.min(checked, total)}
        max={Math.max(total, 1)}
      />
    </Field>
  )
}
