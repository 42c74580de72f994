// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TicketDto } from '@shared/contracts/tickets'
import { i18n } from '@renderer/lib/i18n'
import { buildTicket } from '@tests/renderer/tickets.fixtures'
import { TicketListItem, useTicketRowLabels } from './TicketListItem'
import { useTicketRowStyles } from './TicketListItem.styles'

// Issue 16: a row says when the bot holds the ticket (and that the contact is still choosing
// a queue), and when the contact owes an answer: his consent or his rating.

const handlers = {
  onOpen: vi.fn(),
  onAccept: vi.fn(),
  onIgnore: vi.fn(),
  onReturn: vi.fn(),
  onClose: vi.fn(),
  onReopen: vi.fn(),
  onDelete: vi.fn(),
}
const permissions = { isAdmin: false, canIgnore: false }

const Row = ({ ticket }: { ticket: TicketDto }) => {
  const labels = useTicketRowLabels()
  const styles = useTicketRowStyles()
  return (
    <TicketListItem
      ticket={ticket}
      index={0}
      selected={false}
      tabbable
      busy={false}
      permissions={permissions}
      handlers={handlers}
      labels={labels}
      styles={styles}
      today={0}
      onFocusRow={() => undefined}
    />
  )
}

const renderRow = (ticket: TicketDto) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <Row ticket={ticket} />
    </FluentProvider>,
  )

beforeAll(async () => {
  await i18n.changeLanguage('pt-BR')
})
afterEach(cleanup)

const waiting = { status: 'pending', userId: null, user: null } as const

describe('the bot and the contact in a ticket row', () => {
  it('a ticket the bot holds without a queue: the bot badge and "choosing a queue"', () => {
    renderRow(buildTicket({ ...waiting, isBot: true, queueId: null, queue: null }))
    expect(screen.getByTitle('O bot está ajudando o contato a escolher a fila').textContent).toBe(
      'Bot',
    )
    expect(screen.getByText('Escolhendo a fila')).toBeTruthy()
    expect(screen.queryByText('Sem fila')).toBeNull()
  })

  it('in a queue whose tree the bot walks: the queue and the bot badge', () => {
    renderRow(buildTicket({ ...waiting, isBot: true }))
    expect(screen.getByTitle('O bot está atendendo o contato nesta fila')).toBeTruthy()
  })

  it('an integration or AI conversing with the contact: the bot badge says so', () => {
    renderRow(
      buildTicket({ ...waiting, isBot: false, useIntegration: true, queueId: null, queue: null }),
    )
    expect(
      screen.getByTitle('Uma integração ou IA está conversando com o contato').textContent,
    ).toBe('Bot')
    expect(screen.queryByText('Escolhendo a fila')).toBeNull()
    expect(screen.getByText('Sem fila')).toBeTruthy()
  })

  it('a waiting ticket the bot let go of, or an accepted one: no bot badge', () => {
    renderRow(buildTicket({ ...waiting, isBot: false, queueId: null, queue: null }))
    expect(screen.queryByText('Bot')).toBeNull()
    expect(screen.getByText('Sem fila')).toBeTruthy()
    cleanup()
    renderRow(buildTicket({ status: 'open', isBot: true }))
    expect(screen.queryByText('Bot')).toBeNull()
  })

  it('the contact owes his consent or his rating: the row says which', () => {
    renderRow(buildTicket({ ...waiting, status: 'lgpd', isBot: true }))
    expect(screen.getByText('Aguardando consentimento')).toBeTruthy()
    cleanup()
    renderRow(buildTicket({ status: 'nps' }))
    expect(screen.getByText('Aguardando avaliação')).toBeTruthy()
  })
})
