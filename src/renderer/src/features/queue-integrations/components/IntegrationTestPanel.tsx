import {
  Caption1,
  Field,
  Input,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
} from '@fluentui/react-components'
import {
  ChatDismissRegular,
  PersonSupportRegular,
  SendRegular,
  TimerRegular,
} from '@fluentui/react-icons'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TestSessionBody, TestSessionResult } from '@shared/contracts/queue-integrations'
import { BusyButton } from '@renderer/components/BusyButton'
import { errorMessage, notifyError, notifySuccess } from '@renderer/lib/notify'
import { readTestSessionFailure } from '../api'
import { useTestIntegrationMutation } from '../mutations'
import { useIntegrationTestPanelStyles } from './IntegrationTestPanel.styles'

/** What the test contact writes unless the admin changes it (the server's default too). */
export const DEFAULT_TEST_MESSAGE = 'oi'
/** The contract's bound of a test message. */
const TEST_MESSAGE_MAX = 1000

/** What is tested: a saved integration, or the unsaved Dialogflow credentials of the form. */
export type IntegrationTestTarget =
  | {
      kind: 'saved'
      integrationId: number
      /** The form has changes not saved yet: the test runs on what is saved. */
      unsaved: boolean
    }
  | {
      kind: 'credentials'
      /** The credentials' body once the form's fields are valid; null when they show why not. */
      read: () => Promise<TestSessionBody | null>
      /** Puts a refusal on its form field; false when it names none of them. */
      showFieldError: (error: unknown) => boolean
    }

type Outcome =
  | { kind: 'answered'; sent: string | null; result: TestSessionResult }
  | { kind: 'failed'; title: string; detail: string }

/**
 * The integration dialog's test (issue 17): one message to a saved integration as a contact
 * would send it, or unsaved Dialogflow credentials checked, and the bot's answers as a chat,
 * with how long it took and how it would end the conversation. Nothing is stored.
 */
export const IntegrationTestPanel = ({ target }: { target: IntegrationTestTarget }) => {
  const { t, i18n } = useTranslation('queueIntegrations')
  const styles = useIntegrationTestPanelStyles()
  const [message, setMessage] = useState(DEFAULT_TEST_MESSAGE)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const mutation = useTestIntegrationMutation()
  const rootRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const saved = target.kind === 'saved'

  // Opened from the dialog's actions: brought into view, the message ready to be changed.
  useEffect(() => {
    rootRef.current?.scrollIntoView?.({ block: 'nearest' })
    inputRef.current?.focus()
  }, [])

  const run = async () => {
    if (mutation.isPending) return
    const text = message.trim()
    if (saved && !text) return
    const body =
      target.kind === 'saved' ? { id: target.integrationId, message: text } : await target.read()
    if (!body) return
    setOutcome(null)
    try {
      const result = await mutation.mutateAsync(body)
      setOutcome({ kind: 'answered', sent: saved ? text : null, result })
      notifySuccess(t('toasts.tested'))
    } catch (error) {
      const failure = readTestSessionFailure(error)
      if (failure) {
        setOutcome({ kind: 'failed', title: errorMessage(error), detail: failure.detail })
      } else if (target.kind === 'saved' || !target.showFieldError(error)) {
        // The mutation leaves a refusal on a field to the form; this one names none.
        notifyError(error)
      }
    }
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter sends the test message, never submits the integration form around the panel.
    if (event.key !== 'Enter') return
    event.preventDefault()
    void run()
  }

  const running = mutation.isPending
  const formatNumber = (value: number) => new Intl.NumberFormat(i18n.language).format(value)

  return (
    <section ref={rootRef} className={styles.root} aria-label={t('test.title')}>
      <Text className={styles.hint}>{t(saved ? 'test.savedHint' : 'test.credentialsHint')}</Text>
      {saved && target.unsaved && (
        <Caption1 className={styles.warning}>{t('test.unsaved')}</Caption1>
      )}
      <div className={styles.composer}>
        {saved && (
          <Field className={styles.input} label={t('test.message')}>
            <Input
              ref={inputRef}
              value={message}
              maxLength={TEST_MESSAGE_MAX}
              onChange={(_event, data) => setMessage(data.value)}
              onKeyDown={handleKeyDown}
            />
          </Field>
        )}
        <BusyButton
          type="button"
          icon={<SendRegular />}
          busy={running}
          disabled={saved && !message.trim()}
          onClick={() => void run()}
        >
          {t(saved ? 'test.send' : 'test.checkCredentials')}
        </BusyButton>
      </div>
      {running && <Spinner size="small" label={t('test.running')} labelPosition="after" />}
      {outcome?.kind === 'failed' && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{outcome.title}</MessageBarTitle>
            {outcome.detail && <span className={styles.detail}>{outcome.detail}</span>}
          </MessageBarBody>
        </MessageBar>
      )}
      {outcome?.kind === 'answered' && (
        <>
          <div
            className={styles.conversation}
            role="log"
            aria-label={t('test.conversation')}
            aria-live="polite"
          >
            {outcome.sent !== null && (
              <div className={mergeClasses(styles.bubble, styles.contact)}>{outcome.sent}</div>
            )}
            {outcome.result.messages.map((text, index) => (
              <div key={index} className={mergeClasses(styles.bubble, styles.bot)}>
                {text}
              </div>
            ))}
            {outcome.result.messages.length === 0 && (
              <Caption1 className={styles.note}>{t('test.noMessages')}</Caption1>
            )}
            {outcome.result.handOff === 'humans' && (
              <Caption1 className={styles.note}>
                <PersonSupportRegular aria-hidden />
                {t('test.handOff.humans')}
              </Caption1>
            )}
            {outcome.result.handOff === 'close' && (
              <Caption1 className={styles.note}>
                <ChatDismissRegular aria-hidden />
                {t('test.handOff.close')}
              </Caption1>
            )}
          </div>
          <Caption1 className={styles.elapsed}>
            <TimerRegular aria-hidden />
            {t('test.elapsed', { ms: formatNumber(outcome.result.elapsedMs) })}
          </Caption1>
        </>
      )}
    </section>
  )
}
