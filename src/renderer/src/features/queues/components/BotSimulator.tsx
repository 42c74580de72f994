import { Button, Caption1, Field, Input, Option, Text } from '@fluentui/react-components'
import {
  AttachRegular,
  BotRegular,
  DocumentMultipleRegular,
  CheckmarkCircleRegular,
  ChatDismissRegular,
  PeopleQueueRegular,
  PersonRegular,
  StarRegular,
  SpeakerMuteRegular,
} from '@fluentui/react-icons'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import {
  SIMULATION_MAX_MESSAGES,
  SIMULATION_MESSAGE_MAX,
  type SimulatedStep,
  type SimulationDto,
} from '@shared/contracts/bot-simulation'
import { BusyButton } from '@renderer/components/BusyButton'
import { Dropdown } from '@renderer/components/Dropdown'
import { notifyError } from '@renderer/lib/notify'
import { simulateQueue } from '../api'
import { useBotSimulatorStyles } from './BotSimulator.styles'

export interface BotSimulatorProps {
  queueId: number
  /** The form has changes not saved yet: the simulation runs on what is saved. */
  unsaved: boolean
}

/**
 * The queue dialog's simulate panel (issue 16): the admin writes as a new contact would and sees
 * what the bot answers with the saved settings and today's clock. Each message replays the whole
 * conversation on the server; nothing is stored nor sent.
 */
export const BotSimulator = ({ queueId, unsaved }: BotSimulatorProps) => {
  const { t } = useTranslation('queues')
  const styles = useBotSimulatorStyles()
  const [draft, setDraft] = useState('')
  const [result, setResult] = useState<SimulationDto | null>(null)
  const [connectionId, setConnectionId] = useState<number | undefined>(undefined)
  const conversationRef = useRef<HTMLDivElement>(null)
  const simulation = useMutation({
    mutationFn: (input: { messages: string[]; connectionId?: number }) =>
      simulateQueue(queueId, input),
  })

  const messages = result?.turns.map((turn) => turn.message) ?? []
  const full = messages.length >= SIMULATION_MAX_MESSAGES

  useEffect(() => {
    const element = conversationRef.current
    if (element) element.scrollTop = element.scrollHeight
  }, [result])

  /** Replays the conversation; answers whether the server answered. */
  const run = async (next: string[], via: number | undefined) => {
    try {
      setResult(await simulation.mutateAsync({ messages: next, connectionId: via }))
      return true
    } catch (error) {
      notifyError(error)
      return false
    }
  }

  const send = async () => {
    const text = draft.trim()
    if (!text || full || simulation.isPending) return
    if (await run([...messages, text], connectionId)) setDraft('')
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter writes to the contact, never submits the queue form around the panel.
    if (event.key !== 'Enter') return
    event.preventDefault()
    void send()
  }

  const chooseConnection = (id: number) => {
    setConnectionId(id)
    if (messages.length > 0) void run(messages, id)
  }

  const connections = result?.connections ?? []

  return (
    <div className={styles.root}>
      <Text className={styles.hint}>{t('simulator.hint')}</Text>
      {unsaved && <Caption1 className={styles.warning}>{t('simulator.unsaved')}</Caption1>}
      {connections.length > 1 && (
        <Field label={t('simulator.connection')}>
          <Dropdown
            value={result?.connection?.name ?? ''}
            selectedOptions={result?.connection ? [String(result.connection.id)] : []}
            onOptionSelect={(_event, data) => chooseConnection(Number(data.optionValue))}
          >
            {connections.map((connection) => (
              <Option key={connection.id} value={String(connection.id)}>
                {connection.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <div
        ref={conversationRef}
        className={styles.conversation}
        role="log"
        aria-label={t('simulator.conversation')}
        aria-live="polite"
      >
        {result === null ? (
          <Text className={styles.empty}>{t('simulator.empty')}</Text>
        ) : (
          <>
            {result.connection === null && (
              <Caption1 className={styles.note}>{t('simulator.noConnection')}</Caption1>
            )}
            {result.turns.map((turn, index) => (
              <Turn key={index} message={turn.message} steps={turn.steps} />
            ))}
          </>
        )}
      </div>
      <div className={styles.composer}>
        <Field
          className={styles.input}
          label={t('simulator.message')}
          hint={full ? t('simulator.full', { count: SIMULATION_MAX_MESSAGES }) : undefined}
        >
          <Input
            value={draft}
            maxLength={SIMULATION_MESSAGE_MAX}
            disabled={full}
            placeholder={t('simulator.placeholder')}
            onChange={(_event, data) => setDraft(data.value)}
            onKeyDown={handleKeyDown}
          />
        </Field>
        <BusyButton
          type="button"
          appearance="primary"
          busy={simulation.isPending}
          disabled={!draft.trim() || full}
          onClick={() => void send()}
        >
          {t('simulator.send')}
        </BusyButton>
        <Button
          type="button"
          disabled={result === null || simulation.isPending}
          onClick={() => {
            setResult(null)
            setDraft('')
          }}
        >
          {t('simulator.restart')}
        </Button>
      </div>
    </div>
  )
}

const Turn = ({ message, steps }: { message: string; steps: SimulatedStep[] }) => {
  const styles = useBotSimulatorStyles()
  const { t } = useTranslation('queues')
  return (
    <>
      <div className={`${styles.bubble} ${styles.contact}`}>{message}</div>
      {steps.map((step, index) =>
        step.kind === 'text' ? (
          <div key={index} className={`${styles.bubble} ${styles.bot}`}>
            {step.file && (
              <span className={styles.file}>
                <AttachRegular aria-hidden />
                {t(`simulator.file.${step.file}`)}
              </span>
            )}
            {step.text}
          </div>
        ) : (
          <StepNote key={index} step={step} />
        ),
      )}
    </>
  )
}

const NOTE_ICONS: Record<Exclude<SimulatedStep['kind'], 'text'>, ReactElement> = {
  queue: <PeopleQueueRegular aria-hidden />,
  attendant: <PersonRegular aria-hidden />,
  randomAttendant: <PersonRegular aria-hidden />,
  consent: <CheckmarkCircleRegular aria-hidden />,
  rated: <StarRegular aria-hidden />,
  closed: <ChatDismissRegular aria-hidden />,
  integration: <BotRegular aria-hidden />,
  files: <DocumentMultipleRegular aria-hidden />,
  silent: <SpeakerMuteRegular aria-hidden />,
}

/** What the bot did besides writing, as a line between the bubbles. */
const StepNote = ({ step }: { step: Exclude<SimulatedStep, { kind: 'text' }> }) => {
  const { t } = useTranslation('queues')
  const styles = useBotSimulatorStyles()
  const words = (() => {
    switch (step.kind) {
      case 'queue':
        return t('simulator.steps.queue', { name: step.queueName })
      case 'attendant':
        return t('simulator.steps.attendant', { name: step.userName })
      case 'rated':
        return t('simulator.steps.rated', { rate: step.rate })
      case 'silent':
        return t(`simulator.silences.${step.reason}`)
      default:
        return t(`simulator.steps.${step.kind}`)
    }
  })()
  return (
    <Caption1 className={styles.note}>
      {NOTE_ICONS[step.kind]}
      {words}
    </Caption1>
  )
}
