import { Body1, Button } from '@fluentui/react-components'
import { ArrowForwardRegular, DismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSelectionBarStyles } from './SelectionBar.styles'

export interface SelectionBarProps {
  count: number
  onCancel: () => void
  onForward: () => void
}

/** Replaces the input bar while messages are picked for forwarding. */
export const SelectionBar = ({ count, onCancel, onForward }: SelectionBarProps) => {
  const { t } = useTranslation('messages')
  const styles = useSelectionBarStyles()
  return (
    <div className={styles.root} role="toolbar" aria-label={t('forward.toolbar')}>
      <Button appearance="subtle" icon={<DismissRegular />} onClick={onCancel}>
        {t('dialog.cancel')}
      </Button>
      <Body1 className={styles.count} aria-live="polite">
        {t('forward.selected', { total: count })}
      </Body1>
      <Button appearance="primary" icon={<ArrowForwardRegular />} onClick={onForward}>
        {t('actions.forward')}
      </Button>
    </div>
  )
}
