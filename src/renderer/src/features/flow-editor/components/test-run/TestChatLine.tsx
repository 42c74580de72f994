import { Button, mergeClasses } from '@fluentui/react-components'
import {
  CheckmarkCircleRegular,
  ErrorCircleRegular,
  PeopleQueueRegular,
  TimerRegular,
} from '@fluentui/react-icons'
import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChatLine } from '@renderer/features/flow-editor/test-run/conversation'
import { TestMediaStep } from './TestMediaStep'
import { useTestChatLineStyles } from './TestChatLine.styles'

export interface TestChatLineProps {
  line: ChatLine
  /** This is the wait the run is in: it offers to skip it. */
  skippable: boolean
  /** An answer is awaited: the skip waits too. */
  busy: boolean
  onSkip: () => void
}

/** A bubble of the flow, said so to screen readers (the chat's sides are only seen). */
const FlowBubble = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestChatLineStyles()
  return (
    <div className={mergeClasses(styles.bubble, styles.flow)}>
      <span className={styles.speaker}>{t('testRun.flowSaid')}</span>
      {children}
    </div>
  )
}

const SystemLine = ({
  icon,
  className,
  children,
}: {
  icon: ReactNode
  className?: string
  children: ReactNode
}) => {
  const styles = useTestChatLineStyles()
  return (
    <div className={mergeClasses(styles.system, className)}>
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      {children}
    </div>
  )
}

/**
 * One line of the test's chat: the contact's message, the flow's text or file, or a system line
 * for a queue, a wait (with 'Pular espera' while the run is in it) or the run's end.
 */
export const TestChatLine = memo(({ line, skippable, busy, onSkip }: TestChatLineProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestChatLineStyles()
  switch (line.kind) {
    case 'contact':
      return (
        <>
          <div className={mergeClasses(styles.bubble, styles.contact)}>
            <span className={styles.speaker}>{t('testRun.contactSaid')}</span>
            {line.text}
          </div>
          {line.undelivered && (
            <span className={styles.undelivered}>{t('testRun.undelivered')}</span>
          )}
        </>
      )
    case 'ended':
      return line.outcome === 'finished' ? (
        <SystemLine icon={<CheckmarkCircleRegular />} className={styles.finished}>
          {t('testRun.finished')}
        </SystemLine>
      ) : (
        <SystemLine icon={<ErrorCircleRegular />} className={styles.aborted}>
          {t('testRun.aborted', {
            reason: line.reason
              ? t(`testRun.reasons.${line.reason}`, { defaultValue: line.reason })
              : t('testRun.reasons.unknown'),
          })}
        </SystemLine>
      )
    case 'step': {
      const { step } = line
      switch (step.kind) {
        case 'text':
          return <FlowBubble>{step.text}</FlowBubble>
        case 'media':
          return (
            <FlowBubble>
              <TestMediaStep step={step} />
            </FlowBubble>
          )
        case 'queue':
          return (
            <SystemLine icon={<PeopleQueueRegular />}>
              {t('testRun.queue', { name: step.queueName || t('testRun.unnamedQueue') })}
            </SystemLine>
          )
        case 'timer':
          return (
            <SystemLine icon={<TimerRegular />}>
              {t('testRun.timer', { seconds: step.seconds })}
              {skippable && (
                <Button size="small" appearance="primary" disabled={busy} onClick={onSkip}>
                  {t('testRun.skip')}
                </Button>
              )}
            </SystemLine>
          )
      }
    }
  }
})
TestChatLine.displayName = 'TestChatLine'
