import { lazy } from 'react'
import type { RouteId } from '@shared/navigation'
import type { PageRegistry } from './GuardedPage'

/** The signed-in screens that exist; every other private route shows the coming-soon page. */
export const privatePages: PageRegistry = {
  dashboard: lazy(() =>
    import('@renderer/features/dashboard/pages/DashboardPage').then((m) => ({
      default: m.DashboardPage,
    })),
  ),
  tickets: lazy(() =>
    import('@renderer/features/tickets/pages/TicketsPage').then((m) => ({
      default: m.TicketsPage,
    })),
  ),
  contacts: lazy(() =>
    import('@renderer/features/contacts/pages/ContactsPage').then((m) => ({
      default: m.ContactsPage,
    })),
  ),
  contactsImport: lazy(() =>
    import('@renderer/features/contacts/pages/ContactsImportPage').then((m) => ({
      default: m.ContactsImportPage,
    })),
  ),
  tags: lazy(() =>
    import('@renderer/features/tags/pages/TagsPage').then((m) => ({ default: m.TagsPage })),
  ),
  users: lazy(() =>
    import('@renderer/features/users/pages/UsersPage').then((m) => ({ default: m.UsersPage })),
  ),
  connections: lazy(() =>
    import('@renderer/features/connections/pages/ConnectionsPage').then((m) => ({
      default: m.ConnectionsPage,
    })),
  ),
  allConnections: lazy(() =>
    import('@renderer/features/connections/pages/AllConnectionsPage').then((m) => ({
      default: m.AllConnectionsPage,
    })),
  ),
  queues: lazy(() =>
    import('@renderer/features/queues/pages/QueuesPage').then((m) => ({ default: m.QueuesPage })),
  ),
  settings: lazy(() =>
    import('@renderer/features/settings/pages/SettingsPage').then((m) => ({
      default: m.SettingsPage,
    })),
  ),
  companies: lazy(() =>
    import('@renderer/features/companies/pages/CompaniesPage').then((m) => ({
      default: m.CompaniesPage,
    })),
  ),
  helps: lazy(() =>
    import('@renderer/features/helps/pages/HelpsPage').then((m) => ({ default: m.HelpsPage })),
  ),
  queueIntegration: lazy(() =>
    import('@renderer/features/queue-integrations/pages/QueueIntegrationsPage').then((m) => ({
      default: m.QueueIntegrationsPage,
    })),
  ),
  prompts: lazy(() =>
    import('@renderer/features/prompts/pages/PromptsPage').then((m) => ({
      default: m.PromptsPage,
    })),
  ),
  quickMessages: lazy(() =>
    import('@renderer/features/quick-messages/pages/QuickMessagesPage').then((m) => ({
      default: m.QuickMessagesPage,
    })),
  ),
  schedules: lazy(() =>
    import('@renderer/features/schedules/pages/SchedulesPage').then((m) => ({
      default: m.SchedulesPage,
    })),
  ),
  files: lazy(() =>
    import('@renderer/features/file-lists/pages/FileListsPage').then((m) => ({
      default: m.FileListsPage,
    })),
  ),
  flowBuilders: lazy(() =>
    import('@renderer/features/flows/pages/FlowsPage').then((m) => ({ default: m.FlowsPage })),
  ),
  flowBuilder: lazy(() =>
    import('@renderer/features/flow-editor/pages/FlowEditorPage').then((m) => ({
      default: m.FlowEditorPage,
    })),
  ),
  phraseLists: lazy(() =>
    import('@renderer/features/flow-campaigns/pages/FlowCampaignsPage').then((m) => ({
      default: m.FlowCampaignsPage,
    })),
  ),
  campaigns: lazy(() =>
    import('@renderer/features/campaigns/pages/CampaignsPage').then((m) => ({
      default: m.CampaignsPage,
    })),
  ),
  campaignReport: lazy(() =>
    import('@renderer/features/campaigns/pages/CampaignReportPage').then((m) => ({
      default: m.CampaignReportPage,
    })),
  ),
  contactLists: lazy(() =>
    import('@renderer/features/contact-lists/pages/ContactListsPage').then((m) => ({
      default: m.ContactListsPage,
    })),
  ),
  contactListItems: lazy(() =>
    import('@renderer/features/contact-lists/pages/ContactListItemsPage').then((m) => ({
      default: m.ContactListItemsPage,
    })),
  ),
  kanban: lazy(() =>
    import('@renderer/features/kanban/pages/KanbanPage').then((m) => ({ default: m.KanbanPage })),
  ),
  tagsKanban: lazy(() =>
    import('@renderer/features/kanban/pages/TagsKanbanPage').then((m) => ({
      default: m.TagsKanbanPage,
    })),
  ),
  campaignsConfig: lazy(() =>
    import('@renderer/features/campaign-settings/pages/CampaignSettingsPage').then((m) => ({
      default: m.CampaignSettingsPage,
    })),
  ),
  reports: lazy(() =>
    import('@renderer/features/reports/pages/ReportsPage').then((m) => ({
      default: m.ReportsPage,
    })),
  ),
}

/** Whether a route opens the coming-soon placeholder, so the menu can say so before a click. */
export const isComingSoon = (id: RouteId): boolean => privatePages[id] === undefined
