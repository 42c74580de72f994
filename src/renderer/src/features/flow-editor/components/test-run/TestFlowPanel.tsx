import {
  Button,
  Caption1,
  Field,
  Input,
  mergeClasses,
  Subtitle2,
  Tooltip,
  useId,
} from '@fluentui/react-components'
import { ArrowResetRegular, DismissRegular } from '@fluentui/react-icons'
import { memo, useEffect, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useCurrentUser } from '@renderer/hooks/useSession'
import type { FlowTest } from '@renderer/features/flow-editor/hooks/useFlowTest'
import { TestChatLog } from './TestChatLog'
import { TestComposer } from './TestComposer'
import { useTestFlowPanelStyles } from './TestFlowPanel.styles'

/** The simulated contact's name at most (the server's limit). */
const CONTACT_NAME_MAX = 100

export interface TestFlowPanelProps {
  id: string
  /** A narrow window: over the whole editor rather than beside the canvas. */
  overlay: boolean
  test: FlowTest
  onClose: () => void
}

/**
 * "Testar fluxo" (issue 18): the admin writes as a contact would, and sees what the flow does,
 * run by the server on the graph as the editor has it, saved or not. The first message starts
 * the run, later ones answer it; a wait is skipped at once, never waited. A labelled region; Esc
 * or the close button closes it, and the input has the focus when it opens.
 */
export const TestFlowPanel = memo(({ id, overlay, test, onClose }: TestFlowPanelProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestFlowPanelStyles()
  const user = useCurrentUser()
  const titleId = useId('test-flow-title')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const { conversation, contactName, setContactName, send, skipWait, retry, restart } = test

  useEffect(() => {
    inputRef.current?.focus()
  }, [])

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return
    event.preventDefault()
    onClose()
  }
  const handleRestart = () => {
    restart()
    inputRef.current?.focus()
  }

  return (
    <section
      id={id}
      className={mergeClasses(styles.root, overlay ? styles.overlay : styles.inline)}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
    >
      <div className={styles.header}>
        <Subtitle2 as="h2" id={titleId} className={styles.title}>
          {t('testRun.title')}
        </Subtitle2>
        <Button
          appearance="subtle"
          icon={<ArrowResetRegular />}
          disabled={conversation.lines.length === 0}
          onClick={handleRestart}
        >
          {t('testRun.restart')}
        </Button>
        <Tooltip content={t('testRun.close')} relationship="label">
          <Button appearance="subtle" icon={<DismissRegular />} onClick={onClose} />
        </Tooltip>
      </div>
      <div className={styles.intro}>
        <Caption1 className={styles.hint}>{t('testRun.hint')}</Caption1>
        <Field label={t('testRun.contactName')} hint={t('testRun.contactNameHint')} size="small">
          <Input
            size="small"
            value={contactName}
            maxLength={CONTACT_NAME_MAX}
            placeholder={user.name}
            onChange={(_event, data) => setContactName(data.value)}
          />
        </Field>
      </div>
      <TestChatLog conversation={conversation} onSkip={skipWait} onRetry={retry} />
      <TestComposer disabled={conversation.sending} onSend={send} inputRef={inputRef} />
    </section>
  )
})
TestFlowPanel.displayName = 'TestFlowPanel'
