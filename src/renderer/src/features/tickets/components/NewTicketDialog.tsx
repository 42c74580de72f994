import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Option,
} from '@fluentui/react-components'
import { Dropdown } from '@renderer/components/Dropdown'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '@shared/contracts/contacts'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@shared/constants'
import { BusyButton } from '@renderer/components/BusyButton'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { errorMessage } from '@renderer/lib/notify'
import { readTicketConflict } from '../api'
import { useTicketActions } from '../hooks/useTicketActions'
import { useCreateTicketMutation } from '../mutations'
import { ticketQueries } from '../queries'
import { QueueField } from './QueueField'
import { useTicketDialogStyles } from './TicketDialog.styles'

export interface NewTicketDialogProps {
  open: boolean
  onClose: () => void
}

const contactLabel = (contact: ContactDto) =>
  contact.number ? `${contact.name} (${contact.number})` : contact.name

/**
 * A new ticket for a contact (000 §5): contacts are searched from 3 characters, 500 ms after the
 * last key; a queue is required; a connection is chosen (the user's own by default). When the
 * contact already has an active ticket, the user's own opens and anyone else's is named.
 */
export const NewTicketDialog = ({ open, onClose }: NewTicketDialogProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketDialogStyles()
  const me = useCurrentUser()
  const actions = useTicketActions()
  const createMutation = useCreateTicketMutation()

  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const searching = term.length >= SEARCH_MIN_CHARS
  const contacts = useQuery({ ...ticketQueries.contactSearch(term), enabled: open && searching })
  const [contact, setContact] = useState<ContactDto | null>(null)

  const [queueId, setQueueId] = useState<number | null>(null)
  const [queueMissing, setQueueMissing] = useState(false)

  const connections = useQuery({ ...ticketQueries.connections(), enabled: open })
  const [chosenConnectionId, setChosenConnectionId] = useState<number | null>(null)
  const connectionOptions = connections.data ?? []
  const whatsappId = chosenConnectionId ?? me.whatsappId ?? connectionOptions[0]?.id ?? null
  const connection = connectionOptions.find((option) => option.id === whatsappId)

  const handleContactSelected = (value: string | undefined) => {
    const found = contacts.data?.find((option) => String(option.id) === value) ?? null
    setContact(found)
    if (found) setSearch(contactLabel(found))
  }

  const handleSubmit = async () => {
    if (!contact) return
    if (queueId === null) {
      setQueueMissing(true)
      return
    }
    try {
      const ticket = await createMutation.mutateAsync({
        contactId: contact.id,
        queueId,
        userId: me.id,
        status: 'open',
        whatsappId,
      })
      onClose()
      actions.openTicket(ticket)
    } catch (error) {
      const conflict = readTicketConflict(error)
      if (!conflict) return
      onClose()
      if (conflict.userId === me.id) actions.openTicket(conflict)
      else actions.showHolder({ user: conflict.user, queue: conflict.queue })
    }
  }

  const renderContactOptions = () => {
    if (!searching) {
      return (
        <Option disabled value="" text="">
          {t('newTicket.typeMore', { min: SEARCH_MIN_CHARS })}
        </Option>
      )
    }
    if (contacts.isError) {
      return (
        <Option disabled value="" text="">
          {errorMessage(contacts.error)}
        </Option>
      )
    }
    if (contacts.isPending) {
      return (
        <Option disabled value="" text="">
          {t('newTicket.searching')}
        </Option>
      )
    }
    if (contacts.data.length === 0) {
      return (
        <Option disabled value="" text="">
          {t('newTicket.noContacts')}
        </Option>
      )
    }
    return contacts.data.map((option) => (
      <Option key={option.id} value={String(option.id)} text={contactLabel(option)}>
        {contactLabel(option)}
      </Option>
    ))
  }

  const busy = createMutation.isPending

  return (
    <Dialog
      open={open}
      onOpenChange={(_event, data) => {
        if (!data.open && !busy) onClose()
      }}
    >
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void handleSubmit()
          }}
        >
          <DialogBody>
            <DialogTitle>{t('newTicket.title')}</DialogTitle>
            <DialogContent className={styles.fields}>
              <Field label={t('newTicket.contact')} required>
                <Combobox
                  freeform
                  placeholder={t('newTicket.contactPlaceholder')}
                  value={search}
                  selectedOptions={contact ? [String(contact.id)] : []}
                  onChange={(event) => {
                    setSearch(event.target.value)
                    setContact(null)
                  }}
                  onOptionSelect={(_event, data) => handleContactSelected(data.optionValue)}
                >
                  {renderContactOptions()}
                </Combobox>
              </Field>
              <QueueField
                scope="mine"
                value={queueId}
                onChange={(value) => {
                  setQueueId(value)
                  setQueueMissing(false)
                }}
                validationMessage={queueMissing ? t('fields.queueRequired') : undefined}
              />
              <Field
                label={t('fields.connection')}
                hint={connections.isError ? errorMessage(connections.error) : undefined}
              >
                <Dropdown
                  placeholder={t('fields.connectionPlaceholder')}
                  value={connection?.name ?? ''}
                  selectedOptions={whatsappId === null ? [] : [String(whatsappId)]}
                  onOptionSelect={(_event, data) =>
                    setChosenConnectionId(data.optionValue ? Number(data.optionValue) : null)
                  }
                >
                  {connectionOptions.map((option) => (
                    <Option key={option.id} value={String(option.id)}>
                      {option.name}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <BusyButton type="submit" busy={busy} disabled={!contact}>
                {t('newTicket.confirm')}
              </BusyButton>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
