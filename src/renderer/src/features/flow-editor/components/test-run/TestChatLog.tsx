import { Button, Text } from '@fluentui/react-components'
import { ArrowClockwiseRegular, ErrorCircleRegular } from '@fluentui/react-icons'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import {
  waitingTimerLine,
  type Conversation,
  type TestFailure,
} from '@renderer/features/flow-editor/test-run/conversation'
import { TestChatLine } from './TestChatLine'
import { TypingIndicator } from './TypingIndicator'
import { useTestChatLogStyles } from './TestChatLog.styles'

export interface TestChatLogProps {
  conversation: Conversation
  onSkip: () => void
  onRetry: () => void
}

const FailureLine = ({ failure, onRetry }: { failure: TestFailure; onRetry: () => void }) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestChatLogStyles()
  return (
    <div className={styles.failure}>
      <span className={styles.failureText}>
        <ErrorCircleRegular className={styles.failureIcon} aria-hidden />
        {failure.kind === 'invalid'
          ? t('testRun.invalid')
          : t('testRun.failed', { reason: failure.message })}
      </span>
      <Button size="small" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
        {t('testRun.retry')}
      </Button>
    </div>
  )
}

/**
 * The test's conversation, as a log that screen readers read out politely as it grows (held
 * while an answer is awaited, so that the contact's line and the flow's come together); it
 * keeps its end in view.
 */
export const TestChatLog = ({ conversation, onSkip, onRetry }: TestChatLogProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestChatLogStyles()
  const ref = useRef<HTMLDivElement>(null)
  const { lines, sending, failure } = conversation
  const skippable = waitingTimerLine(conversation)

  useEffect(() => {
    const element = ref.current
    if (element) element.scrollTop = element.scrollHeight
  }, [lines, sending, failure])

  return (
    <div
      ref={ref}
      className={styles.root}
      role="log"
      aria-live="polite"
      aria-busy={sending}
      aria-label={t('testRun.conversation')}
      // Scrollable with the keyboard (its lines hold few focusable things).
      tabIndex={0}
    >
      {lines.length === 0 && !sending && <Text className={styles.empty}>{t('testRun.empty')}</Text>}
      {lines.map((line) => (
        <TestChatLine
          key={line.id}
          line={line}
          skippable={line.id === skippable}
          busy={line.id === skippable && sending}
          onSkip={onSkip}
        />
      ))}
      {sending && <TypingIndicator />}
      {failure && <FailureLine failure={failure} onRetry={onRetry} />}
    </div>
  )
}
