import { Button, type ButtonProps } from '@fluentui/react-components'
import { ArrowRepeatAllRegular, PersonAvailableRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { useTicketActions } from '@renderer/features/tickets/hooks/useTicketActions'

export interface TakeTicketButtonProps {
  ticket: TicketDto
  appearance?: ButtonProps['appearance']
  /** Takes the focus when it appears: the composer cannot, so this is where the user acts next. */
  autoFocus?: boolean
}

/**
 * "Accept" on a pending ticket, "Reopen" on a closed one: the way to make a conversation
 * answerable from inside it. The same transitions as the list row (`useTicketActions`), so the
 * queue is asked for when the ticket has none. Nothing on other statuses.
 */
export const TakeTicketButton = ({
  ticket,
  appearance = 'primary',
  autoFocus = false,
}: TakeTicketButtonProps) => {
  const { t } = useTranslation('messages')
  const actions = useTicketActions()
  const busy = actions.busyTicketId === ticket.id
  if (ticket.status === 'pending') {
    return (
      <Button
        appearance={appearance}
        icon={<PersonAvailableRegular />}
        disabled={busy}
        autoFocus={autoFocus}
        onClick={() => actions.accept(ticket)}
      >
        {t('header.accept')}
      </Button>
    )
  }
  if (ticket.status === 'closed') {
    return (
      <Button
        appearance={appearance}
        icon={<ArrowRepeatAllRegular />}
        disabled={busy}
        autoFocus={autoFocus}
        onClick={() => actions.reopen(ticket)}
      >
        {t('header.reopen')}
      </Button>
    )
  }
  return null
}
