import { Button, Tooltip } from '@fluentui/react-components'
import { ChatMultipleCheckmarkRegular } from '@fluentui/react-icons'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { notifySuccess } from '@renderer/lib/notify'
import { useFocusReturn } from '@renderer/hooks/useFocusReturn'
import { useCloseAllTicketsMutation } from '../mutations'
import { ticketQueries } from '../queries'

export interface CloseAllTicketsProps {
  /** The tab whose tickets the button closes. */
  status: 'open' | 'pending'
  queueIds: number[]
}

/**
 * The admin's "close all" of the toolbar (000 §2): a button that says what it does, then a
 * yes/no confirmation that says how many tickets will close, as the server counts them (every
 * user's, not only the listed ones). Cancelling gives the focus back to the button.
 */
export const CloseAllTickets = ({ status, queueIds }: CloseAllTicketsProps) => {
  const { t } = useTranslation('tickets')
  const [open, setOpen] = useState(false)
  const focus = useFocusReturn()
  const mutation = useCloseAllTicketsMutation()
  const input = { status, selectedQueueIds: queueIds }
  const count = useQuery({ ...ticketQueries.closeAllCount(input), enabled: open }).data

  const dismiss = () => {
    setOpen(false)
    focus.giveBack()
  }
  const confirm = () =>
    mutation.mutate(input, {
      onSuccess: () => notifySuccess(t('closeAll.done')),
      onSettled: dismiss,
    })

  return (
    <>
      <Tooltip content={t('closeAll.button')} relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<ChatMultipleCheckmarkRegular />}
          onClick={() => {
            focus.remember()
            setOpen(true)
          }}
        />
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={t('closeAll.title')}
        busy={mutation.isPending}
        onConfirm={confirm}
        onCancel={dismiss}
      >
        {count === undefined
          ? t(`closeAll.message.${status}`)
          : t(`closeAll.message.${status}`, { count })}
      </ConfirmDialog>
    </>
  )
}
