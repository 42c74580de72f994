import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Channel, ConnectionDto } from '@shared/contracts/connections'
import { isAdmin, planAllows } from '@shared/permissions'
import { BusyButton } from '@renderer/components/BusyButton'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { Form } from '@renderer/components/form/Form'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { useConnectionForm, type ConnectionTab } from '../hooks/useConnectionForm'
import { ConnectionChatbotTab } from './ConnectionChatbotTab'
import { useConnectionDialogStyles } from './ConnectionDialog.styles'
import { ConnectionFlowTab } from './ConnectionFlowTab'
import { ConnectionGeneralTab } from './ConnectionGeneralTab'
import { ConnectionIntegrationsTab } from './ConnectionIntegrationsTab'
import { ConnectionMessagesTab } from './ConnectionMessagesTab'
import { ConnectionNpsTab } from './ConnectionNpsTab'
import { ConnectionSchedulesTab } from './ConnectionSchedulesTab'

export interface ConnectionDialogProps {
  open: boolean
  channel: Channel
  /** The connection to edit; null to create one of `channel`. */
  connection: ConnectionDto | null
  onClose: () => void
}

/** Add or edit a connection (001 §2 Connection dialog), its tabs as the plan and settings allow. */
export const ConnectionDialog = ({ open, channel, connection, onClose }: ConnectionDialogProps) => (
  <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
    <DialogSurface>
      {open && (
        <ConnectionForm
          key={connection?.id ?? `new-${channel}`}
          channel={connection?.channel ?? channel}
          connection={connection}
          onClose={onClose}
        />
      )}
    </DialogSurface>
  </Dialog>
)

const ConnectionForm = ({
  channel,
  connection,
  onClose,
}: {
  channel: Channel
  connection: ConnectionDto | null
  onClose: () => void
}) => {
  const { t } = useTranslation('connections')
  const styles = useConnectionDialogStyles()
  const user = useCurrentUser()
  const { company } = user
  const form = useConnectionForm({ channel, connection, onClose })
  const { control, isNew, now, tab } = form

  const renderTab = (id: ConnectionTab) => {
    switch (id) {
      case 'general':
        return (
          <ConnectionGeneralTab
            control={control}
            channel={channel}
            isNew={isNew}
            now={now}
            attachment={form.attachment}
          />
        )
      case 'integrations':
        return (
          <ConnectionIntegrationsTab
            control={control}
            withIntegration={planAllows(company.plan, 'useIntegrations')}
            withPrompt={isAdmin(user) && planAllows(company.plan, 'useOpenAi')}
          />
        )
      case 'messages':
        return <ConnectionMessagesTab control={control} now={now} />
      case 'chatbot':
        return <ConnectionChatbotTab control={control} />
      case 'nps':
        return <ConnectionNpsTab control={control} />
      case 'flow':
        return <ConnectionFlowTab control={control} />
      case 'schedules':
        return <ConnectionSchedulesTab control={control} />
    }
  }

  return (
    <>
      <Form namespace="connections" onSubmit={form.submit}>
        <DialogBody>
          <DialogTitle>
            {t(isNew ? 'dialog.addTitle' : 'dialog.editTitle', {
              channel: t(`channels.${channel}`),
            })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            <TabList
              className={styles.tabs}
              selectedValue={tab}
              onTabSelect={(_event, data) => form.setTab(data.value as ConnectionTab)}
              size="small"
            >
              {form.tabs.map((id) => (
                <Tab key={id} value={id}>
                  {t(`tabs.${id}`)}
                </Tab>
              ))}
            </TabList>
            <div className={styles.panel} role="tabpanel" aria-label={t(`tabs.${tab}`)}>
              {renderTab(tab)}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={form.saving} onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <BusyButton type="submit" busy={form.saving}>
              {t(isNew ? 'dialog.submitAdd' : 'actions.save')}
            </BusyButton>
          </DialogActions>
        </DialogBody>
      </Form>
      <ConfirmDialog
        open={form.importRestart.open}
        title={t('importWarning.title')}
        busy={form.saving}
        onCancel={form.importRestart.cancel}
        onConfirm={form.importRestart.confirm}
      >
        {t('importWarning.message')}
      </ConfirmDialog>
    </>
  )
}
