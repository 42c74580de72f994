import type {
  CampaignDto,
  CampaignPage,
  CampaignReport,
  CampaignShippingDto,
  ShippingPage,
} from '@shared/contracts/campaigns'

const STAMP = '2026-01-01T00:00:00.000Z'
const HOUR_MS = 60 * 60 * 1000

/** An instant `hours` from now (negative for the past), as the server writes it. */
export const hoursFromNow = (hours: number): string =>
  new Date(Date.now() + hours * HOUR_MS).toISOString()

/** A report's figures: all zero unless overridden. */
export const buildReport = (overrides: Partial<CampaignReport> = {}): CampaignReport => ({
  total: 0,
  valid: 0,
  invalid: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  confirmationRequested: 0,
  confirmed: 0,
  unconfirmed: 0,
  failed: 0,
  progressPercent: 0,
  ...overrides,
})

/**
 * A campaign as GET /campaigns/{id} answers it: a draft (INATIVA) for the list Clientes (3) on
 * the connection Loja (5), one message variant, no tickets, unless overridden.
 */
export const buildCampaign = (id: number, overrides: Partial<CampaignDto> = {}): CampaignDto => ({
  id,
  name: `Campanha ${id}`,
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: null,
  startedAt: null,
  completedAt: null,
  contactListId: 3,
  contactList: { id: 3, name: 'Clientes' },
  tagListId: null,
  tag: null,
  whatsappId: 5,
  whatsapp: { id: 5, name: 'Loja', channel: 'whatsapp' },
  userId: null,
  user: null,
  queueId: null,
  queue: null,
  openTicket: 'disabled',
  statusTicket: 'closed',
  templateName: null,
  templateLanguage: null,
  templateBody: null,
  templateParams: [],
  message1: 'Olá {nome}!',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  mediaPath: null,
  mediaName: null,
  mediaMime: null,
  mediaUrl: null,
  report: buildReport(),
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
})

/** One page of GET /campaigns/ holding `records`. */
export const campaignPage = (records: CampaignDto[], hasMore = false): CampaignPage => ({
  records,
  count: records.length,
  hasMore,
})

/** A recipient as GET /campaigns/{id}/shipping lists it: waiting its turn, unless overridden. */
export const buildShipping = (
  id: number,
  overrides: Partial<CampaignShippingDto> = {},
): CampaignShippingDto => ({
  id,
  name: `Contato ${id}`,
  number: `55119999900${String(id).padStart(2, '0')}`,
  state: 'pending',
  ack: null,
  lastError: null,
  scheduledFor: null,
  sentAt: null,
  confirmationRequestedAt: null,
  confirmedAt: null,
  ...overrides,
})

/** One page of GET /campaigns/{id}/shipping holding `shipping`. */
export const shippingPage = (shipping: CampaignShippingDto[], hasMore = false): ShippingPage => ({
  shipping,
  count: shipping.length,
  hasMore,
})
