import {
  Badge,
  Button,
  Checkbox,
  Input,
  Switch,
  Tab,
  TabList,
  ToggleButton,
  Tooltip,
} from '@fluentui/react-components'
import {
  AddRegular,
  ArrowSortDownLinesRegular,
  ArrowSortUpLinesRegular,
  FilterRegular,
  SearchRegular,
} from '@fluentui/react-icons'
import { memo, useCallback, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import type { TicketDto } from '@shared/contracts/tickets'
import { SEARCH_DEBOUNCE_MS } from '@shared/constants'
import {
  canIgnorePendingTicket,
  canShowAllTickets,
  hasPermission,
  isAdmin,
} from '@shared/permissions'
import { useDebouncedValue } from '@renderer/hooks/useDebouncedValue'
import { useCurrentUser } from '@renderer/hooks/useSession'
import { formatCount } from '../format'
import { useQueueFilter } from '../hooks/useQueueFilter'
import { useTicketActions } from '../hooks/useTicketActions'
import { useTicketList, type TicketListState } from '../hooks/useTicketList'
import { normalizeFilters, type TicketListStatus, type TicketSort } from '../list-filters'
import { CloseAllTickets } from './CloseAllTickets'
import { NewTicketDialog } from './NewTicketDialog'
import { QueueSelect } from './QueueSelect'
import { EMPTY_PANEL_FILTERS, TicketFiltersPanel, type PanelFilters } from './TicketFiltersPanel'
import { TicketList } from './TicketList'
import { useTicketsManagerStyles } from './TicketsManager.styles'

/** The Open and Resolved tabs; a non-empty search shows the search view instead. */
export type TicketsView = 'open' | 'closed'
/** The open view's inner tabs. */
export type OpenTab = 'open' | 'pending' | 'group'

export interface TicketsManagerProps {
  listRef?: Ref<HTMLDivElement>
  view: TicketsView
  onViewChange: (view: TicketsView) => void
  openTab: OpenTab
  onOpenTabChange: (tab: OpenTab) => void
  search: string
  onSearchChange: (search: string) => void
  selectedUuid: string | null
  onOpenTicket: (ticket: TicketDto) => void
}

const isView = (value: unknown): value is TicketsView => value === 'open' || value === 'closed'
const isOpenTab = (value: unknown): value is OpenTab =>
  value === 'open' || value === 'pending' || value === 'group'

/** The list side of the inbox (000 §2 Ticket list screen): toolbar, tabs and the lists. */
export const TicketsManager = ({
  listRef,
  view,
  onViewChange,
  openTab,
  onOpenTabChange,
  search,
  onSearchChange,
  selectedUuid,
  onOpenTicket,
}: TicketsManagerProps) => {
  const { t } = useTranslation('tickets')
  const styles = useTicketsManagerStyles()
  const user = useCurrentUser()
  const actions = useTicketActions()
  const admin = isAdmin(user)

  const [searchOnMessages, setSearchOnMessages] = useState(false)
  const [showFilters, setShowFilters] = useState(false)
  const [panel, setPanel] = useState<PanelFilters>(EMPTY_PANEL_FILTERS)
  const [showAll, setShowAll] = useState(false)
  const [sort, setSort] = useState<TicketSort>('DESC')
  const { queueIds, setQueueIds, ready: queuesReady } = useQueueFilter()
  // A new key each time the dialog opens, so it starts empty.
  const [newTicket, setNewTicket] = useState({ open: false, key: 0 })

  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const searching = term !== ''
  const filtersFor = (status: TicketListStatus) =>
    normalizeFilters({
      status,
      showAll,
      queueIds,
      searchParam: term,
      searchOnMessages,
      ...panel,
      sort,
    })

  const inOpenView = !searching && view === 'open'
  const lists: Record<OpenTab, TicketListState> = {
    open: useTicketList(filtersFor('open'), inOpenView),
    pending: useTicketList(filtersFor('pending'), inOpenView),
    group: useTicketList(filtersFor('group'), inOpenView && user.allowGroup),
  }
  const closedList = useTicketList(filtersFor('closed'), !searching && view === 'closed')
  const searchList = useTicketList(filtersFor('search'), searching)

  const tab: OpenTab = openTab === 'group' && !user.allowGroup ? 'open' : openTab
  const status: TicketListStatus = searching ? 'search' : view === 'closed' ? 'closed' : tab
  const list = searching ? searchList : view === 'closed' ? closedList : lists[tab]

  const closeAllStatus =
    hasPermission(user, 'tickets-manager:closeAll') && inOpenView && tab !== 'group' ? tab : null

  const openNewTicket = useCallback(
    () => setNewTicket(({ key }) => ({ open: true, key: key + 1 })),
    [],
  )

  const handleViewSelect = (value: unknown) => {
    if (!isView(value)) return
    onSearchChange('')
    onViewChange(value)
  }

  const tabLabel = (key: OpenTab) => {
    const count = lists[key].count
    return (
      <span className={styles.tabLabel}>
        {t(`tabs.${key}`)}
        {count !== undefined && (
          <Badge size="small" appearance="tint" color={count > 0 ? 'brand' : 'subtle'}>
            {formatCount(count)}
          </Badge>
        )}
      </span>
    )
  }

  return (
    <div className={styles.root}>
      <TicketsToolbar
        search={search}
        onSearchChange={onSearchChange}
        showFilters={showFilters}
        onShowFiltersChange={setShowFilters}
        searchOnMessages={searchOnMessages}
        onSearchOnMessagesChange={setSearchOnMessages}
        panel={panel}
        onPanelChange={setPanel}
        showUsers={admin}
        canShowAll={canShowAllTickets(user)}
        showAll={showAll}
        onShowAllChange={setShowAll}
        sort={status !== 'closed' && status !== 'search' ? sort : null}
        onSortChange={setSort}
        queueIds={queueIds}
        onQueueIdsChange={setQueueIds}
        closeAllStatus={closeAllStatus}
        onNewTicket={openNewTicket}
      />
      <TabList
        className={styles.tabs}
        size="small"
        selectedValue={searching ? 'search' : view}
        onTabSelect={(_event, data) => handleViewSelect(data.value)}
      >
        <Tab value="open">{t('tabs.openView')}</Tab>
        <Tab value="closed">{t('tabs.closedView')}</Tab>
        {searching && <Tab value="search">{t('tabs.search')}</Tab>}
      </TabList>
      {inOpenView && (
        <TabList
          className={styles.tabs}
          size="small"
          selectedValue={tab}
          onTabSelect={(_event, data) => {
            if (isOpenTab(data.value)) onOpenTabChange(data.value)
          }}
        >
          <Tab value="open">{tabLabel('open')}</Tab>
          <Tab value="pending">{tabLabel('pending')}</Tab>
          {user.allowGroup && <Tab value="group">{tabLabel('group')}</Tab>}
        </TabList>
      )}
      <TicketList
        ref={listRef}
        label={t(`lists.${status}`)}
        tickets={list.tickets}
        // Until the company's queues are known the selection may still change: no empty state yet.
        isPending={list.isPending || !queuesReady}
        error={list.error}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        loadMoreFailed={list.loadMoreFailed}
        onLoadMore={list.loadMore}
        onRetry={list.retry}
        emptyTitle={t('empty.title')}
        emptyMessage={t(`empty.${status}`)}
        selectedUuid={selectedUuid}
        busyTicketId={actions.busyTicketId}
        permissions={{ isAdmin: admin, canIgnore: canIgnorePendingTicket(user) }}
        onOpen={onOpenTicket}
        onAccept={actions.accept}
        onIgnore={actions.ignore}
        onReturn={actions.returnToQueue}
        onClose={actions.close}
        onReopen={actions.reopen}
        onDelete={actions.remove}
      />
      <NewTicketDialog
        key={newTicket.key}
        open={newTicket.open}
        onClose={() => setNewTicket((state) => ({ ...state, open: false }))}
      />
    </div>
  )
}

interface TicketsToolbarProps {
  search: string
  onSearchChange: (search: string) => void
  showFilters: boolean
  onShowFiltersChange: (show: boolean) => void
  searchOnMessages: boolean
  onSearchOnMessagesChange: (checked: boolean) => void
  panel: PanelFilters
  onPanelChange: (panel: PanelFilters) => void
  showUsers: boolean
  canShowAll: boolean
  showAll: boolean
  onShowAllChange: (showAll: boolean) => void
  /** Null where the list has no sort (resolved, search). */
  sort: TicketSort | null
  onSortChange: (sort: TicketSort) => void
  queueIds: number[]
  onQueueIdsChange: (queueIds: number[]) => void
  /** The tab close-all would close; null when the user may not, or the tab has no close-all. */
  closeAllStatus: 'open' | 'pending' | null
  onNewTicket: () => void
}

/**
 * Search, filters and list actions. Memoised: list updates arrive many times a second and
 * re-render the manager, while the toolbar changes only when the user touches it.
 */
const TicketsToolbar = memo(function TicketsToolbar({
  search,
  onSearchChange,
  showFilters,
  onShowFiltersChange,
  searchOnMessages,
  onSearchOnMessagesChange,
  panel,
  onPanelChange,
  showUsers,
  canShowAll,
  showAll,
  onShowAllChange,
  sort,
  onSortChange,
  queueIds,
  onQueueIdsChange,
  closeAllStatus,
  onNewTicket,
}: TicketsToolbarProps) {
  const { t } = useTranslation('tickets')
  const styles = useTicketsManagerStyles()
  return (
    <div className={styles.toolbar}>
      <div className={styles.row}>
        <Input
          className={styles.search}
          type="search"
          size="small"
          value={search}
          contentBefore={<SearchRegular />}
          placeholder={t('toolbar.searchPlaceholder')}
          aria-label={t('toolbar.search')}
          onChange={(_event, data) => onSearchChange(data.value)}
        />
        <Tooltip content={t('toolbar.filters')} relationship="label">
          <ToggleButton
            size="small"
            appearance="subtle"
            icon={<FilterRegular />}
            checked={showFilters}
            onClick={() => onShowFiltersChange(!showFilters)}
          />
        </Tooltip>
      </div>
      <Checkbox
        checked={searchOnMessages}
        label={t('toolbar.searchOnMessages')}
        onChange={(_event, data) => onSearchOnMessagesChange(data.checked === true)}
      />
      {showFilters && (
        <TicketFiltersPanel value={panel} showUsers={showUsers} onChange={onPanelChange} />
      )}
      <div className={styles.row}>
        {canShowAll && (
          <Switch
            checked={showAll}
            label={t('toolbar.showAll')}
            onChange={(_event, data) => onShowAllChange(data.checked)}
          />
        )}
        {/* Apart from the queue filter, where an ⊗ would read as "clear the filter". */}
        {closeAllStatus && <CloseAllTickets status={closeAllStatus} queueIds={queueIds} />}
        <span className={styles.spacer} />
        {sort && (
          <Tooltip
            content={t(sort === 'DESC' ? 'toolbar.sortDesc' : 'toolbar.sortAsc')}
            relationship="label"
          >
            <Button
              size="small"
              appearance="subtle"
              icon={sort === 'DESC' ? <ArrowSortDownLinesRegular /> : <ArrowSortUpLinesRegular />}
              onClick={() => onSortChange(sort === 'DESC' ? 'ASC' : 'DESC')}
            />
          </Tooltip>
        )}
        <QueueSelect className={styles.queueSelect} value={queueIds} onChange={onQueueIdsChange} />
        <Button size="small" appearance="primary" icon={<AddRegular />} onClick={onNewTicket}>
          {t('toolbar.newTicket')}
        </Button>
      </div>
    </div>
  )
})
