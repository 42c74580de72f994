import {
  Body1,
  Button,
  Caption1,
  DrawerBody,
  DrawerHeader,
  Drawer,
  DrawerHeaderTitle,
  Link,
  Subtitle2,
  Switch,
} from '@fluentui/react-components'
import {
  DismissRegular,
  MailRegular,
  PersonProhibitedRegular,
  PersonRegular,
} from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ContactDto } from '../../../../../../shared/contracts/contacts'
import { ConfirmDialog } from '../../../../components/ConfirmDialog'
import { useMediaQuery } from '../../../../hooks/useMediaQuery'
import { notifySuccess } from '../../../../lib/notify'
import { ContactAvatar } from '../../components/ContactAvatar'
import { useContactToggleMutation } from '../mutations'
import { useContactDrawerStyles } from './ContactDrawer.styles'

const NARROW_LAYOUT = '(max-width: 899px)'

export interface ContactDrawerProps {
  open: boolean
  contact: ContactDto
  onClose: () => void
}

/**
 * The contact beside the conversation (000 §2, 320 px): identity, block/unblock after a
 * confirmation, and the audio and bot switches. A switch shows a value only once the server
 * has saved it.
 */
export const ContactDrawer = ({ open, contact, onClose }: ContactDrawerProps) => {
  const { t } = useTranslation('messages')
  const styles = useContactDrawerStyles()
  // Beside a narrow conversation the 320 px panel would crush it: it floats over it instead.
  const narrow = useMediaQuery(NARROW_LAYOUT)
  const [confirmBlock, setConfirmBlock] = useState(false)
  const block = useContactToggleMutation('active')
  const acceptAudio = useContactToggleMutation('acceptAudioMessage')
  const disableBot = useContactToggleMutation('disableBot')

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
          {contact.number && <Body1 className={styles.number}>{contact.number}</Body1>}
          {contact.email && (
            <Link href={`mailto:${contact.email}`}>
              <MailRegular aria-hidden /> {contact.email}
            </Link>
          )}
          {!contact.active && (
            <Caption1 className={styles.blocked}>{t('contact.isBlocked')}</Caption1>
          )}
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
    </Drawer>
  )
}
