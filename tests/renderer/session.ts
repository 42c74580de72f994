import type { SessionUser } from '@shared/contracts/users'

/** The queue the signed-in user and the inbox fixtures belong to unless overridden. */
export const SUPPORT_QUEUE = { id: 1, name: 'Suporte', color: '#0a7f5a' }

/**
 * The signed-in user, as the server presents him at sign-in: a profile user of queue 1 in a company far
 * from its due date whose plan has every feature, unless overridden.
 */
export const buildSessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 1,
  companyId: 1,
  name: 'Ana',
  email: 'ana@example.com',
  profile: 'user',
  super: false,
  online: true,
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  defaultTheme: 'light',
  defaultMenu: 'closed',
  whatsappId: null,
  profileImage: null,
  defaultTicketsManagerWidth: 550,
  queues: [SUPPORT_QUEUE],
  queueIds: [1],
  allTicket: 'disable',
  allowGroup: false,
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'disabled',
  showDashboard: 'disabled',
  allowRealTime: 'disabled',
  allowConnections: 'disabled',
  company: {
    id: 1,
    name: 'Acme',
    dueDate: '2999-12-31',
    timezone: 'America/Sao_Paulo',
    status: true,
    companieSettings: {},
    plan: {
      id: 1,
      name: 'Plano',
      users: 10,
      connections: 3,
      queues: 5,
      amount: '49.90',
      isPublic: true,
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    },
  },
  ...overrides,
})
