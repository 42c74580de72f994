import { mergeClasses } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useTypingIndicatorStyles } from './TypingIndicator.styles'

/** The flow's side of the chat while an answer is awaited: three dots, still when motion is reduced. */
export const TypingIndicator = () => {
  const { t } = useTranslation('flowEditor')
  const styles = useTypingIndicatorStyles()
  return (
    <div className={styles.root}>
      <span className={styles.label}>{t('testRun.typing')}</span>
      <span className={styles.dot} aria-hidden />
      <span className={mergeClasses(styles.dot, styles.second)} aria-hidden />
      <span className={mergeClasses(styles.dot, styles.third)} aria-hidden />
    </div>
  )
}
