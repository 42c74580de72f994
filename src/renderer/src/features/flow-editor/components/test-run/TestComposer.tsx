import { Button, Textarea, Tooltip } from '@fluentui/react-components'
import { SendRegular } from '@fluentui/react-icons'
import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { FLOW_TEXT_MAX } from '@shared/contracts/flows'
import { useTestComposerStyles } from './TestComposer.styles'

/** The box grows with its lines up to this many. */
const MAX_ROWS = 5

export interface TestComposerProps {
  /** An answer is awaited: nothing may be sent. */
  disabled: boolean
  /** Sends the contact's message; false when it was not taken (the draft stays). */
  onSend: (text: string) => boolean
  inputRef: RefObject<HTMLTextAreaElement | null>
}

/** What the simulated contact writes: Enter sends, Shift+Enter starts a new line. */
export const TestComposer = ({ disabled, onSend, inputRef }: TestComposerProps) => {
  const { t } = useTranslation('flowEditor')
  const styles = useTestComposerStyles()
  const [draft, setDraft] = useState('')

  // The box is disabled while an answer is awaited, which drops the focus: it comes back here
  // when it was left nowhere (a skip or retry button that went away, the box itself).
  useEffect(() => {
    if (disabled) return
    const active = document.activeElement
    if (active === null || active === document.body) inputRef.current?.focus()
  }, [disabled, inputRef])

  const send = () => {
    if (onSend(draft)) setDraft('')
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send()
  }

  return (
    <div className={styles.root}>
      <Textarea
        ref={inputRef}
        className={styles.textarea}
        value={draft}
        rows={Math.min(MAX_ROWS, Math.max(1, draft.split('\n').length))}
        resize="none"
        maxLength={FLOW_TEXT_MAX}
        disabled={disabled}
        aria-label={t('testRun.message')}
        placeholder={t('testRun.placeholder')}
        onChange={(_event, data) => setDraft(data.value)}
        onKeyDown={handleKeyDown}
      />
      <Tooltip content={t('testRun.send')} relationship="label">
        <Button
          appearance="primary"
          icon={<SendRegular />}
          disabled={disabled || draft.trim() === ''}
          onClick={send}
        />
      </Tooltip>
    </div>
  )
}
