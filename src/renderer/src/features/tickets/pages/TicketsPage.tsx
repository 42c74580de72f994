import { Button, Tab, TabList, mergeClasses } from '@fluentui/react-components'
import { ChatMultipleRegular } from '@fluentui/react-icons'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import type { TicketDto } from '@shared/contracts/tickets'
import { TEMPORARY_DRAWER_BELOW_PX, TICKETS_MANAGER_WIDTH } from '@shared/constants'
import { EmptyState } from '@renderer/components/EmptyState'
import { PageSpinner } from '@renderer/components/PageSpinner'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useMediaQuery } from '@renderer/hooks/useMediaQuery'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { ResizeHandle } from '../components/ResizeHandle'
import { TicketActionsProvider } from '../components/TicketActionsProvider'
import { TicketsManager, type OpenTab, type TicketsView } from '../components/TicketsManager'
import type { TicketTarget } from '../hooks/useTicketActions'
import { useSaveTicketsManagerWidthMutation } from '../mutations'
import { useTicketsRealtime } from '../realtime'
import { useTicketsPageStyles } from './TicketsPage.styles'

const Conversation = lazy(() =>
  import('../conversation/Conversation').then((m) => ({ default: m.Conversation })),
)

/** A dragged width is saved once the user stops moving it for this long. */
const WIDTH_SAVE_DELAY_MS = 500

type MobileTab = 'ticket' | 'list'

const clampWidth = (width: number) =>
  Math.min(TICKETS_MANAGER_WIDTH.max, Math.max(TICKETS_MANAGER_WIDTH.min, width))

/**
 * /tickets/:ticketId? (000 §2): the ticket lists beside the open ticket, whose uuid is the route
 * parameter. Under 600 px the two are tabs, Ticket and Atendimentos.
 */
export const TicketsPage = () => {
  const { t } = useTranslation('tickets')
  const styles = useTicketsPageStyles()
  const user = useCurrentUser()
  const navigate = useNavigate()
  const ticketUuid = useParams<{ ticketId?: string }>().ticketId ?? null
  const narrow = useMediaQuery(`(max-width: ${TEMPORARY_DRAWER_BELOW_PX - 1}px)`)
  const listRef = useRef<HTMLDivElement>(null)

  const [view, setView] = useState<TicketsView>('open')
  const [openTab, setOpenTab] = useState<OpenTab>('open')
  const [search, setSearch] = useState('')
  const [mobileTab, setMobileTab] = useState<MobileTab>(ticketUuid ? 'ticket' : 'list')
  useTicketsRealtime()

  const savedWidth = user.defaultTicketsManagerWidth
  const [width, setWidth] = useState(() => clampWidth(savedWidth))
  const [settledWidth, setSettledWidth] = useState(width)
  const widthToSave = useDebouncedValue(settledWidth, WIDTH_SAVE_DELAY_MS)
  const { mutate: saveWidth } = useSaveTicketsManagerWidthMutation()
  useEffect(() => {
    if (widthToSave !== savedWidth) saveWidth(widthToSave)
  }, [widthToSave, savedWidth, saveWidth])

  const openTicket = useCallback(
    (ticket: Pick<TicketDto, 'uuid'>) => {
      setMobileTab('ticket')
      void navigate(`/tickets/${ticket.uuid}`)
    },
    [navigate],
  )

  /** After accepting or reopening, the ticket opens with its tab selected (000 §2). */
  const showTicket = useCallback(
    (ticket: TicketTarget) => {
      setSearch('')
      setView(ticket.status === 'closed' ? 'closed' : 'open')
      if (ticket.status === 'group' || ticket.status === 'pending') setOpenTab(ticket.status)
      else setOpenTab('open')
      openTicket(ticket)
    },
    [openTicket],
  )

  const leaveTicket = useCallback(() => {
    setMobileTab('list')
    void navigate('/tickets')
  }, [navigate])

  const focusList = () => {
    setMobileTab('list')
    // The list may only now be shown (mobile): focus it once it is.
    requestAnimationFrame(() => {
      const list = listRef.current
      const row = list?.querySelector<HTMLElement>('[data-ticket-row][tabindex="0"]')
      ;(row ?? list)?.focus()
    })
  }

  const manager = (
    <TicketsManager
      listRef={listRef}
      view={view}
      onViewChange={setView}
      openTab={openTab}
      onOpenTabChange={setOpenTab}
      search={search}
      onSearchChange={setSearch}
      selectedUuid={ticketUuid}
      onOpenTicket={openTicket}
    />
  )

  const ticketPane = ticketUuid ? (
    <Suspense fallback={<PageSpinner />}>
      <Conversation ticketUuid={ticketUuid} onBack={leaveTicket} />
    </Suspense>
  ) : (
    <div className={styles.welcome}>
      <EmptyState
        icon={<ChatMultipleRegular />}
        title={t('welcome.title')}
        description={t('welcome.message')}
        actions={
          <Button appearance="primary" onClick={focusList}>
            {t('welcome.select')}
          </Button>
        }
      />
    </div>
  )

  return (
    <TicketActionsProvider
      currentTicketUuid={ticketUuid}
      onShowTicket={showTicket}
      onLeaveTicket={leaveTicket}
    >
      {narrow ? (
        <div className={styles.mobileRoot}>
          <TabList
            className={styles.mobileTabs}
            selectedValue={mobileTab}
            onTabSelect={(_event, data) =>
              setMobileTab(data.value === 'ticket' ? 'ticket' : 'list')
            }
          >
            <Tab value="ticket">{t('mobile.ticket')}</Tab>
            <Tab value="list">{t('mobile.list')}</Tab>
          </TabList>
          <div className={mergeClasses(styles.mobilePane, mobileTab !== 'ticket' && styles.hidden)}>
            {ticketPane}
          </div>
          <div className={mergeClasses(styles.mobilePane, mobileTab !== 'list' && styles.hidden)}>
            {manager}
          </div>
        </div>
      ) : (
        <div className={styles.root}>
          {/* The width is the user's own, dragged at run time. */}
          <div className={styles.listPane} style={{ width }}>
            {manager}
          </div>
          <ResizeHandle
            label={t('resize')}
            value={width}
            min={TICKETS_MANAGER_WIDTH.min}
            max={TICKETS_MANAGER_WIDTH.max}
            onResize={setWidth}
            onCommit={setSettledWidth}
          />
          <div className={styles.ticketPane}>{ticketPane}</div>
        </div>
      )}
    </TicketActionsProvider>
  )
}
