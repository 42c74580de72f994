import {
  Body1,
  Button,
  Caption1,
  Divider,
  Drawer,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Link,
  Subtitle2,
  Switch,
} from '@fluentui/react-components'
import {
  DismissRegular,
  EditRegular,
  MailRegular,
  PersonProhibitedRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { displayedNumber } from '@shared/contacts/phone'
import type { TicketDto } from '@shared/contracts/tickets'
import { planAllows } from '@shared/permissions'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { notifySuccess } from '@renderer/lib/notify'
import {
  ContactDialog,
  ContactTagsEditor,
  contactQueries,
  KanbanStageField,
  TicketNotes,
} from '@renderer/features/contacts'
import { ContactAvatar } from '@renderer/features/tickets/components/ContactAvatar'
import { patchTicketContact, useContactToggleMutation } from '../mutations'
import { useContactDrawerStyles } from './ContactDrawer.styles'

const NARROW_LAYOUT = '(max-width: 899px)'

export interface ContactDrawerProps {
  open: boolean
  ticket: TicketDto
  onClose: () => void
}

/**
 * The contact beside the conversation (000 §2, 320 px): identity with the number as the server
 * sends it (masked for profile users under LGPD), the edit dialog, block/unblock after a
 * confirmation, the audio and bot switches, the contact's tags, the ticket's kanban stage, the
 * ticket notes and the extra info fields. A switch shows a value only once the server saved it.
 */
export const ContactDrawer = ({ open, ticket, onClose }: ContactDrawerProps) => {
  const { t } = useTranslation('messages')
  const { t: tc } = useTranslation('contacts')
  const styles = useContactDrawerStyles()
  const me = useCurrentUser()
  const queryClient = useQueryClient()
  // Beside a narrow conversation the 320 px panel would crush it: it floats over it instead.
  const narrow = useMediaQuery(NARROW_LAYOUT)
  const [confirmBlock, setConfirmBlock] = useState(false)
  const [editing, setEditing] = useState(false)
  const { contact } = ticket
  const detail = useQuery({ ...contactQueries.detail(contact.id), enabled: open })
  const block = useContactToggleMutation('active')
  const acceptAudio = useContactToggleMutation('acceptAudioMessage')
  const disableBot = useContactToggleMutation('disableBot')
  const kanban = planAllows(me.company.plan, 'useKanban')
  const tags = detail.data?.tags ?? contact.tags
  const extraInfo = detail.data?.extraInfo ?? []

  const toggleBlock = () =>
    block.mutate(contact, {
      onSuccess: (active) => {
        setConfirmBlock(false)
        notifySuccess(active ? t('contact.unblocked') : t('contact.blocked'))
      },
      onError: () => setConfirmBlock(false),
    })

  return (
    <Drawer
      type={narrow ? 'overlay' : 'inline'}
      open={open}
      position="end"
      separator
      className={styles.drawer}
      aria-label={t('contact.title')}
      onOpenChange={(_event, data) => !data.open && onClose()}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              aria-label={t('contact.close')}
              onClick={onClose}
            />
          }
        >
          {t('contact.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body}>
        <div className={styles.identity}>
          <ContactAvatar name={contact.name} urlPicture={contact.urlPicture} size={96} />
          <Subtitle2>{contact.name}</Subtitle2>
          {contact.number && (
            <Body1 className={styles.number} data-testid="contact-drawer-number">
              {displayedNumber(contact)}
            </Body1>
          )}
          {contact.email && (
            <Link href={`mailto:${contact.email}`}>
              <MailRegular aria-hidden /> {contact.email}
            </Link>
          )}
          {!contact.active && (
            <Caption1 className={styles.blocked}>{t('contact.isBlocked')}</Caption1>
          )}
          <Button appearance="secondary" icon={<EditRegular />} onClick={() => setEditing(true)}>
            {tc('drawer.edit')}
          </Button>
        </div>
        <div className={styles.section}>
          <Switch
            label={t('contact.acceptAudio')}
            checked={contact.acceptAudioMessage}
            disabled={acceptAudio.isPending}
            onChange={() => acceptAudio.mutate(contact)}
          />
          <Switch
            label={t('contact.disableBot')}
            checked={contact.disableBot}
            disabled={disableBot.isPending}
            onChange={() => disableBot.mutate(contact)}
          />
          <Button
            appearance="secondary"
            icon={contact.active ? <PersonProhibitedRegular /> : <PersonRegular />}
            onClick={() => setConfirmBlock(true)}
          >
            {contact.active ? t('contact.block') : t('contact.unblock')}
          </Button>
        </div>
        <Divider />
        <div className={styles.section}>
          <ContactTagsEditor contactId={contact.id} tags={tags} />
          {kanban && <KanbanStageField ticketId={ticket.id} ticketTags={ticket.tags} />}
        </div>
        <Divider />
        <section className={styles.section} aria-label={tc('notes.title')}>
          <Subtitle2>{tc('notes.title')}</Subtitle2>
          {open && <TicketNotes ticketId={ticket.id} contactId={contact.id} />}
        </section>
        {extraInfo.length > 0 && (
          <>
            <Divider />
            <section className={styles.section} aria-label={tc('drawer.extraInfo')}>
              <Subtitle2>{tc('drawer.extraInfo')}</Subtitle2>
              <dl className={styles.extraList}>
                {extraInfo.map((info) => (
                  <div key={info.id} className={styles.extraItem}>
                    <dt className={styles.extraName}>{info.name}</dt>
                    <dd className={styles.extraValue}>{info.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </>
        )}
      </DrawerBody>
      <ConfirmDialog
        open={confirmBlock}
        title={contact.active ? t('contact.blockTitle') : t('contact.unblockTitle')}
        busy={block.isPending}
        onConfirm={toggleBlock}
        onCancel={() => setConfirmBlock(false)}
      >
        {contact.active
          ? t('contact.blockConfirm', { name: contact.name })
          : t('contact.unblockConfirm', { name: contact.name })}
      </ConfirmDialog>
      <ContactDialog
        open={editing}
        contactId={contact.id}
        onClose={() => setEditing(false)}
        onSaved={(saved) => patchTicketContact(queryClient, saved.id, saved)}
      />
    </Drawer>
  )
}
