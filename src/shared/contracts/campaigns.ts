import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox'
import { Id, PagedList, PageQuery, Switch, Timestamp } from './common'
import { Channel } from './connections'

/** 002 §4.1: a campaign's statuses, in the spec's Portuguese. */
export const CAMPAIGN_STATUSES = [
  'INATIVA',
  'PROGRAMADA',
  'EM_ANDAMENTO',
  'CANCELADA',
  'FINALIZADA',
] as const
export const CampaignStatus = Type.Union(CAMPAIGN_STATUSES.map((status) => Type.Literal(status)))
export type CampaignStatus = Static<typeof CampaignStatus>

/** 002 §3.4: the status of a ticket a campaign opens. */
export const CAMPAIGN_TICKET_STATUSES = ['closed', 'pending', 'open'] as const
export const CampaignTicketStatus = Type.Union(
  CAMPAIGN_TICKET_STATUSES.map((status) => Type.Literal(status)),
)
export type CampaignTicketStatus = Static<typeof CampaignTicketStatus>

export const CAMPAIGN_NAME = { min: 2, max: 50 } as const
/** 002 §9: five message variants and five confirmation variants. */
export const CAMPAIGN_VARIANTS = 5
export const CAMPAIGN_MESSAGE_MAX = 4096
export const CAMPAIGN_PAGE_SIZE = 20
/** 002 §4.1, §9: a scheduled campaign stays editable until an hour before it starts. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000
/** Reference §1: a start less than 30 s ahead means "start now". */
export const CAMPAIGN_START_NOW_MS = 30 * 1000
/** An attachment sent with the message as its caption: WhatsApp's media size. */
export const CAMPAIGN_MEDIA_MAX_BYTES = 16 * 1024 * 1024

/** A template's body placeholders (`{{1}}` …) a campaign fills, at most. */
export const CAMPAIGN_TEMPLATE_PARAMS_MAX = 10
export const CAMPAIGN_TEMPLATE_PARAM_MAX = 1_000

/**
 * A WhatsApp message template of a Cloud API connection's business account, approved by Meta
 * (GET /campaigns/whatsapp-templates): what a campaign sends to a recipient who has not written
 * in the last 24 hours, when the Cloud API refuses free text.
 */
export const WhatsappTemplateDto = Type.Object({
  name: Type.String(),
  /** Meta's language code, e.g. `pt_BR`. */
  language: Type.String(),
  /** MARKETING, UTILITY or AUTHENTICATION. */
  category: Type.String(),
  /** The body's text, with its placeholders `{{1}}`, `{{2}}` … */
  body: Type.String(),
  /** How many placeholders the body has: the campaign gives a text for each. */
  params: Type.Integer({ minimum: 0 }),
})
export type WhatsappTemplateDto = Static<typeof WhatsappTemplateDto>
export const WhatsappTemplatesQuery = Type.Object({ whatsappId: Id })
export type WhatsappTemplatesQuery = Static<typeof WhatsappTemplatesQuery>
export const WhatsappTemplateList = Type.Object({ templates: Type.Array(WhatsappTemplateDto) })
export type WhatsappTemplateList = Static<typeof WhatsappTemplateList>

/** The message fields of a campaign, `message1` … `message5`. */
export const MESSAGE_FIELDS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const
export const CONFIRMATION_FIELDS = [
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const
export type MessageField = (typeof MESSAGE_FIELDS)[number] | (typeof CONFIRMATION_FIELDS)[number]

const variantFields = Object.fromEntries(
  [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((field) => [field, Type.String()]),
) as Record<MessageField, TString>
const savedVariantFields = Object.fromEntries(
  [...MESSAGE_FIELDS, ...CONFIRMATION_FIELDS].map((field) => [
    field,
    Type.Optional(Type.String({ maxLength: CAMPAIGN_MESSAGE_MAX })),
  ]),
) as Record<MessageField, TOptional<TString>>

/**
 * Where a recipient is in the campaign (reference §1, recipient ledger). `pending` waits its
 * turn; `scheduled` has its send job; `sent` was handed to the connection's sender (whether it
 * arrived is the message's own status); with confirmation, `confirmation_requested` waits for
 * the reply, `confirmed` for its main message, and `unconfirmed` expired; `failed` could not be
 * sent; `skipped_invalid` is a number WhatsApp does not know.
 */
export const SHIPPING_STATES = [
  'pending',
  'scheduled',
  'sent',
  'confirmation_requested',
  'confirmed',
  'unconfirmed',
  'failed',
  'skipped_invalid',
] as const
export const ShippingState = Type.Union(SHIPPING_STATES.map((state) => Type.Literal(state)))
export type ShippingState = Static<typeof ShippingState>

/**
 * The report's figures, counted on the server (reference §1 "Report figures"). Before the
 * campaign starts they describe its audience as it is now.
 */
export const CampaignReport = Type.Object({
  /** Recipients (numbers in the list or carrying the tag). */
  total: Type.Integer({ minimum: 0 }),
  /** Recipients not known to be off WhatsApp. */
  valid: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
  /** Not reached yet: waiting their turn, their send, or a confirmed one's main message. */
  pending: Type.Integer({ minimum: 0 }),
  /** Main messages the provider accepted (confirmation requests are counted apart). */
  sent: Type.Integer({ minimum: 0 }),
  /** Delivered to the phone (ack 2 or more). */
  delivered: Type.Integer({ minimum: 0 }),
  confirmationRequested: Type.Integer({ minimum: 0 }),
  confirmed: Type.Integer({ minimum: 0 }),
  /** Asked for confirmation and never answered in time. */
  unconfirmed: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** Valid recipients whose part of the campaign is over, in percent. */
  progressPercent: Type.Integer({ minimum: 0, maximum: 100 }),
})
export type CampaignReport = Static<typeof CampaignReport>

const Named = Type.Object({ id: Id, name: Type.String() })

/** A campaign's Cloud API template fields. */
export interface CampaignTemplateFields {
  templateName: string | null
  templateLanguage: string | null
  templateBody: string | null
  templateParams: string[]
}

/** A campaign without a template (or on a channel that has none). */
export const noCampaignTemplate = (): CampaignTemplateFields => ({
  templateName: null,
  templateLanguage: null,
  templateBody: null,
  templateParams: [],
})

/** A campaign (002 §3.4). */
export const CampaignDto = Type.Object({
  id: Id,
  name: Type.String(),
  status: CampaignStatus,
  confirmation: Type.Boolean(),
  scheduledAt: Type.Union([Timestamp, Type.Null()]),
  startedAt: Type.Union([Timestamp, Type.Null()]),
  completedAt: Type.Union([Timestamp, Type.Null()]),
  contactListId: Type.Union([Id, Type.Null()]),
  contactList: Type.Union([Named, Type.Null()]),
  /** The contact tag whose contacts are the audience, instead of a list. */
  tagListId: Type.Union([Id, Type.Null()]),
  tag: Type.Union([Named, Type.Null()]),
  whatsappId: Type.Union([Id, Type.Null()]),
  whatsapp: Type.Union([
    Type.Object({ id: Id, name: Type.String(), channel: Channel }),
    Type.Null(),
  ]),
  userId: Type.Union([Id, Type.Null()]),
  user: Type.Union([Named, Type.Null()]),
  queueId: Type.Union([Id, Type.Null()]),
  queue: Type.Union([Named, Type.Null()]),
  openTicket: Switch,
  statusTicket: CampaignTicketStatus,
  ...variantFields,
  mediaPath: Type.Union([Type.String(), Type.Null()]),
  mediaName: Type.Union([Type.String(), Type.Null()]),
  mediaMime: Type.Union([Type.String(), Type.Null()]),
  mediaUrl: Type.Union([Type.String(), Type.Null()]),
  /**
   * The approved template sent instead of the message to whoever has not written in the last
   * 24 hours (Cloud API connections only); its body as Meta answered it when the campaign was
   * saved, and a text for each of its placeholders (campaign variables allowed).
   */
  templateName: Type.Union([Type.String(), Type.Null()]),
  templateLanguage: Type.Union([Type.String(), Type.Null()]),
  templateBody: Type.Union([Type.String(), Type.Null()]),
  templateParams: Type.Array(Type.String()),
  report: CampaignReport,
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type CampaignDto = Static<typeof CampaignDto>

/** GET /campaigns/ (searchParam, pageNumber): by status, then the latest scheduled first. */
export const ListCampaignsQuery = PageQuery
export type ListCampaignsQuery = Static<typeof ListCampaignsQuery>
export const CampaignPage = PagedList('records', CampaignDto)
export type CampaignPage = Static<typeof CampaignPage>

/** GET /campaigns/list (companyId ignored): every campaign, by name. */
export const CampaignListQuery = Type.Object({ companyId: Type.Optional(Type.Integer()) })
export const CampaignList = Type.Array(CampaignDto)
export type CampaignList = Static<typeof CampaignList>

/**
 * POST /campaigns and PUT /campaigns/{id}. `status` is the spec client's and ignored: a
 * scheduled time makes the campaign PROGRAMADA, none leaves it INATIVA. Audience: a list or a
 * tag. User, queue and ticket status count only when `openTicket` is enabled.
 */
export const SaveCampaignBody = Type.Object({
  name: Type.String({ maxLength: 500 }),
  status: Type.Optional(CampaignStatus),
  confirmation: Type.Optional(Type.Boolean()),
  scheduledAt: Type.Optional(Type.Union([Timestamp, Type.Null(), Type.Literal('')])),
  contactListId: Type.Optional(Type.Union([Id, Type.Null()])),
  tagListId: Type.Optional(Type.Union([Id, Type.Null()])),
  whatsappId: Type.Union([Id, Type.Null()]),
  userId: Type.Optional(Type.Union([Id, Type.Null()])),
  queueId: Type.Optional(Type.Union([Id, Type.Null()])),
  openTicket: Type.Optional(Switch),
  statusTicket: Type.Optional(CampaignTicketStatus),
  ...savedVariantFields,
  /**
   * A Cloud API connection's approved template (name and language, as the templates call lists
   * them); the server looks it up with Meta and keeps its body. Null or absent: none. Ignored
   * for other channels.
   */
  templateName: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()]),
  ),
  templateLanguage: Type.Optional(
    Type.Union([Type.String({ minLength: 2, maxLength: 15 }), Type.Null()]),
  ),
  /** One text per placeholder of the template's body, in order. */
  templateParams: Type.Optional(
    Type.Array(Type.String({ maxLength: CAMPAIGN_TEMPLATE_PARAM_MAX }), {
      maxItems: CAMPAIGN_TEMPLATE_PARAMS_MAX,
    }),
  ),
})
export type SaveCampaignBody = Static<typeof SaveCampaignBody>

/** One recipient of a started campaign, as the report lists them. */
export const CampaignShippingDto = Type.Object({
  id: Id,
  name: Type.String(),
  number: Type.String(),
  state: ShippingState,
  /** The message's delivery acknowledgement once sent (000 §4: 1 sent, 2 delivered, 3+ read). */
  ack: Type.Union([Type.Integer(), Type.Null()]),
  /** A catalogue code: why it failed or is still being retried. */
  lastError: Type.Union([Type.String(), Type.Null()]),
  scheduledFor: Type.Union([Timestamp, Type.Null()]),
  sentAt: Type.Union([Timestamp, Type.Null()]),
  confirmationRequestedAt: Type.Union([Timestamp, Type.Null()]),
  confirmedAt: Type.Union([Timestamp, Type.Null()]),
})
export type CampaignShippingDto = Static<typeof CampaignShippingDto>

/** GET /campaigns/{id}/shipping (pageNumber, state): the recipients in sending order. */
export const ListShippingQuery = Type.Object({
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  /** Only these: one state, or `failed` for every failure (the row's or its message's). */
  state: Type.Optional(ShippingState),
})
export type ListShippingQuery = Static<typeof ListShippingQuery>
export const ShippingPage = PagedList('shipping', CampaignShippingDto)
export type ShippingPage = Static<typeof ShippingPage>

/** Campaign settings (002 §3.7), keys and defaults (002 §9). */
export const CAMPAIGN_SETTING_KEYS = [
  'messageInterval',
  'longerIntervalAfter',
  'greaterInterval',
  'variables',
  'sabado',
  'domingo',
  'startHour',
  'endHour',
  'confirmationExpiryHours',
] as const
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number]

/** 002 §9 option lists (seconds, messages, seconds). */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120] as const
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const
export const GREATER_INTERVAL_OPTIONS = [
  0, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180,
] as const
/** Reference §1: how long a confirmation request waits for the reply, in hours. */
export const CONFIRMATION_EXPIRY_HOURS = { min: 1, max: 168 } as const
/** The recipient's own variables (reference §1 "Variables"): `{nome}`, `{numero}`, `{email}`. */
export const CAMPAIGN_RECIPIENT_VARIABLES = ['nome', 'numero', 'email'] as const
/** A custom variable's key: a simple identifier, used in texts as `{key}`. */
export const CAMPAIGN_VARIABLE_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,29}$/
export const CAMPAIGN_VARIABLES_MAX = 30
export const CAMPAIGN_VARIABLE_VALUE_MAX = 500

export const CampaignVariable = Type.Object({
  key: Type.String({ maxLength: 100 }),
  value: Type.String({ maxLength: 2_000 }),
})
export type CampaignVariable = Static<typeof CampaignVariable>

/** The settings as the engine reads them, every key with its value or default. */
export interface CampaignSettings {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  variables: CampaignVariable[]
  sabado: boolean
  domingo: boolean
  startHour: string
  endHour: string
  confirmationExpiryHours: number
}

export const CAMPAIGN_SETTING_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
  confirmationExpiryHours: 24,
}

/** A stored setting as GET /campaign-settings answers it: arrays as JSON text (reference §2). */
export const CampaignSettingRow = Type.Object({
  id: Id,
  key: Type.String(),
  value: Type.String(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type CampaignSettingRow = Static<typeof CampaignSettingRow>
export const CampaignSettingRows = Type.Array(CampaignSettingRow)
export type CampaignSettingRows = Static<typeof CampaignSettingRows>

/**
 * POST /campaign-settings {settings: {key: value}}: only the keys given change; each is checked
 * (`campaignSettingsProblems`), unknown keys refused. Numbers may come as numbers or text,
 * booleans as booleans or "true"/"false", `variables` as a list of {key, value}.
 */
export const SaveCampaignSettingsBody = Type.Object({
  // Values are checked key by key by `campaignSettingsProblems`: a union here would let the
  // schema's type coercion turn one kind into another before they are read.
  settings: Type.Record(Type.String({ maxLength: 50 }), Type.Unknown(), { maxProperties: 20 }),
})
export type SaveCampaignSettingsBody = Static<typeof SaveCampaignSettingsBody>
