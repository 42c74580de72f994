import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { Switch } from './common'
import { PUBLIC_SETTING_KEYS } from './public-settings'

const text = Type.String({ maxLength: 4000 })

/**
 * Every company setting (001 §3) with its type. One row per company; read whole through
 * GET /companySettings/{id}, one key through GET /companySettingOne?column=, written one key at a
 * time through PUT /companySettings { column, data }.
 */
export const companySettingSchemas = {
  userRating: Switch,
  scheduleType: Type.Union([
    Type.Literal('disabled'),
    Type.Literal('queue'),
    Type.Literal('company'),
    Type.Literal('connection'),
  ]),
  chatBotType: Type.Literal('text'),
  acceptCallWhatsapp: Switch,
  userRandom: Switch,
  sendGreetingMessageOneQueues: Switch,
  sendSignMessage: Switch,
  sendFarewellWaitingTicket: Switch,
  sendGreetingAccepted: Switch,
  sendQueuePosition: Switch,
  acceptAudioMessageContact: Switch,
  enableLGPD: Switch,
  requiredTag: Switch,
  lgpdDeleteMessage: Switch,
  lgpdHideNumber: Switch,
  lgpdConsent: Switch,
  lgpdMessage: text,
  lgpdLink: Type.String({ maxLength: 500 }),
  sendMsgTransfTicket: Switch,
  DirectTicketsToWallets: Type.Boolean(),
  closeTicketOnTransfer: Type.Boolean(),
  transferMessage: text,
  greetingAcceptedMessage: text,
  AcceptCallWhatsappMessage: text,
  sendQueuePositionMessage: text,
  showNotificationPending: Type.Boolean(),
} satisfies Record<string, TSchema>

export type CompanySettingKey = keyof typeof companySettingSchemas
export const COMPANY_SETTING_KEYS = Object.keys(companySettingSchemas) as CompanySettingKey[]

export const CompanySettingsDto = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  ...companySettingSchemas,
})
export type CompanySettingsDto = Static<typeof CompanySettingsDto>
export type CompanySettingValues = Omit<CompanySettingsDto, 'id' | 'companyId'>

/**
 * Defaults for a new company (reference §5). sendGreetingAccepted starts disabled because its
 * message starts empty, and the server never sends an empty automatic text.
 */
export const COMPANY_SETTING_DEFAULTS: CompanySettingValues = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'enabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  DirectTicketsToWallets: false,
  closeTicketOnTransfer: false,
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
  showNotificationPending: false,
}

/**
 * A switch that needs a non-empty text while it is on (001 §5). `whenOn` is the value that
 * makes the message required: accepting calls "disabled" means rejecting them with a message.
 */
export const SETTING_MESSAGE_RULES = [
  { switch: 'sendMsgTransfTicket', whenOn: 'enabled', message: 'transferMessage' },
  { switch: 'sendGreetingAccepted', whenOn: 'enabled', message: 'greetingAcceptedMessage' },
  { switch: 'acceptCallWhatsapp', whenOn: 'disabled', message: 'AcceptCallWhatsappMessage' },
  { switch: 'sendQueuePosition', whenOn: 'enabled', message: 'sendQueuePositionMessage' },
] as const satisfies ReadonlyArray<{
  switch: CompanySettingKey
  whenOn: string
  message: CompanySettingKey
}>

/** `data` is checked against the column's own schema by the server (a union here would let
 * the validator coerce booleans into strings before the per-key check). */
export const UpdateCompanySettingBody = Type.Object({
  column: Type.String({ maxLength: 64 }),
  data: Type.Unknown(),
})
export type UpdateCompanySettingBody = Static<typeof UpdateCompanySettingBody>

export const CompanySettingOneQuery = Type.Object({ column: Type.String({ maxLength: 64 }) })

/** A stored branding file name, as the server makes them: nothing that could leave the folder. */
export const BRANDING_FILE_PATTERN = /^[a-z0-9-]{1,80}\.(png|jpg|webp|gif|ico)$/

/**
 * Platform-wide settings, stored with no company and written by the super user only. The
 * public ones (`public-settings.ts`) are readable without signing in.
 */
export const globalSettingDefinitions = {
  userCreation: { schema: Switch, default: 'enabled' },
  allowSignup: { schema: Switch, default: 'enabled' },
  downloadLimit: {
    schema: Type.Union(
      ['32', '64', '128', '256', '512', '1024', '2048'].map((v) => Type.Literal(v)),
    ),
    default: '64',
  },
  appName: { schema: Type.String({ maxLength: 60 }), default: '' },
  primaryColorLight: { schema: colour(), default: '#065183' },
  primaryColorDark: { schema: colour(), default: '#065183' },
  appLogoLight: { schema: brandingFile(), default: '' },
  appLogoDark: { schema: brandingFile(), default: '' },
  appLogoFavicon: { schema: brandingFile(), default: '' },
} satisfies Record<string, { schema: TSchema; default: string }>

function colour() {
  return Type.String({ pattern: '^(#[0-9a-fA-F]{3,8})?$' })
}

/** A logo is a file the upload stored (or none): clients build URLs from it. */
function brandingFile() {
  return Type.String({ pattern: `^(${BRANDING_FILE_PATTERN.source.slice(1, -1)})?$` })
}

export type GlobalSettingKey = keyof typeof globalSettingDefinitions
export const GLOBAL_SETTING_KEYS = Object.keys(globalSettingDefinitions) as GlobalSettingKey[]
/** Every public key is a platform setting: checked here, where both lists are known. */
const PUBLIC_GLOBAL_KEYS: readonly GlobalSettingKey[] = PUBLIC_SETTING_KEYS

/** Whether anyone may read a platform setting without signing in (`public-settings.ts`). */
export const isPublicSetting = (key: GlobalSettingKey): boolean => PUBLIC_GLOBAL_KEYS.includes(key)

export const SettingDto = Type.Object({
  key: Type.String(),
  value: Type.String(),
})
export type SettingDto = Static<typeof SettingDto>

export const SettingKeyParams = Type.Object({ key: Type.String({ maxLength: 64 }) })
export const UpdateSettingBody = Type.Object({ value: Type.String({ maxLength: 4000 }) })

export const PublicSettingQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
})

export const WhitelabelLogoMode = Type.Union([
  Type.Literal('Light'),
  Type.Literal('Dark'),
  Type.Literal('Favicon'),
])
export type WhitelabelLogoMode = Static<typeof WhitelabelLogoMode>

/** Multipart fields of POST /settings-whitelabel/logo besides the file. */
export const WhitelabelLogoFields = Type.Object({
  typeArch: Type.Literal('logo'),
  mode: WhitelabelLogoMode,
})

export const WHITELABEL_LOGO_MAX_BYTES = 1024 * 1024

export const BrandingFileParams = Type.Object({
  file: Type.String({ pattern: BRANDING_FILE_PATTERN.source, maxLength: 100 }),
})
