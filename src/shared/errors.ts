/**
 * The error catalogue: every code a client can receive in `{ error: code }`, with its HTTP status.
 * Spec codes (000 §8) are used exactly; the others are ours and stable once shipped.
 */
export const errorStatus = {
  // session and credentials
  ERR_SESSION_EXPIRED: 401,
  /** Access token expired, malformed or revoked: 403 so the client refreshes once and retries. */
  ERR_INVALID_TOKEN: 403,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_OUT_OF_HOURS: 401,
  ERR_COMPANY_DISABLED: 401,
  ERR_TOO_MANY_ATTEMPTS: 429,
  ERR_INVALID_RESET_TOKEN: 400,
  /** A change of one's own password or e-mail needs the current password (`currentPassword`). */
  ERR_CURRENT_PASSWORD_REQUIRED: 400,
  ERR_WRONG_CURRENT_PASSWORD: 403,
  ERR_EMAIL_NOT_CONFIGURED: 503,
  ERR_ORIGIN_NOT_ALLOWED: 403,
  // permissions and plan
  ERR_NO_PERMISSION: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_USER_LIMIT_REACHED: 403,
  ERR_PLAN_NOT_AVAILABLE: 400,
  // lookups
  ERR_NOT_FOUND: 404,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_NO_TAG_FOUND: 404,
  ERR_NO_TICKETNOTE_FOUND: 404,
  ERR_NO_IMPORT_FOUND: 404,
  ERR_NO_HELP_FOUND: 404,
  ERR_NO_INTEGRATION_FOUND: 404,
  ERR_NO_PROMPT_FOUND: 404,
  ERR_NO_FILE_FOUND: 404,
  ERR_NO_FLOW_FOUND: 404,
  ERR_NO_FLOW_CAMPAIGN_FOUND: 404,
  ERR_NO_QUICKMESSAGE_FOUND: 404,
  ERR_NO_CONTACTLIST_FOUND: 404,
  ERR_NO_CONTACTLISTITEM_FOUND: 404,
  ERR_NO_CAMPAIGN_FOUND: 404,
  ERR_NO_SCHEDULE_FOUND: 404,
  // validation and conflicts
  ERR_VALIDATION: 400,
  ERR_INVALID_FILE: 400,
  ERR_FILE_TOO_LARGE: 413,
  /**
   * An uploaded contacts sheet over one of its limits (contacts.sheet.limits.ts): unpacked size,
   * rows of one import, filled columns, filled cells, characters in its cells.
   */
  ERR_SHEET_TOO_LARGE: 400,
  ERR_SHEET_TOO_MANY_ROWS: 400,
  ERR_SHEET_TOO_MANY_COLUMNS: 400,
  ERR_SHEET_TOO_MANY_CELLS: 400,
  ERR_SHEET_TOO_MUCH_TEXT: 400,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_DUPLICATED_TAG: 409,
  ERR_DUPLICATED_INTEGRATION: 409,
  /** A connection, queue, option or conversation uses the integration (`usedBy` names them). */
  ERR_INTEGRATION_IN_USE: 409,
  ERR_DUPLICATED_FILE_LIST: 409,
  /** A test of an integration: the bot failed (`detail` says how). */
  ERR_TEST_SESSION_DIALOG: 502,
  /** A queue or chatbot option sends the file list (`usedBy` names them). */
  ERR_FILE_LIST_IN_USE: 409,
  ERR_DUPLICATED_FLOW: 409,
  /** A connection's default flows or a phrase campaign use the flow (`usedBy` names them). */
  ERR_FLOW_IN_USE: 409,
  /** A flow's graph cannot be saved: `problems` says which block or arrow, and what. */
  ERR_FLOW_INVALID: 400,
  /** Another active phrase campaign of the connection has the same phrase. */
  ERR_DUPLICATED_PHRASE: 409,
  ERR_DUPLICATED_CONTACT_LIST: 409,
  /** The campaign is about to start, running or over: it can no longer be changed. */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** A running campaign is not deleted: cancel it first. */
  ERR_CAMPAIGN_IN_PROGRESS: 409,
  /** Cancel needs a running campaign, restart a cancelled one. */
  ERR_CAMPAIGN_STATUS: 409,
  /** The Cloud API template is not among the connection's approved ones (name and language). */
  ERR_CAMPAIGN_TEMPLATE_NOT_FOUND: 400,
  /** A campaign's template needs one text for each placeholder of its body, no more. */
  ERR_CAMPAIGN_TEMPLATE_PARAMS: 400,
  /** Templates belong to Cloud API connections with their business account id. */
  ERR_CAMPAIGN_TEMPLATE_CHANNEL: 400,
  ERR_COMPANY_INVALID_NAME: 400,
  ERR_LAST_ADMIN: 409,
  ERR_CANNOT_DELETE_SELF: 409,
  ERR_SETTING_MESSAGE_REQUIRED: 400,
  // platform (companies, plans): company 1 is never deleted, disabled or expired
  ERR_PLATFORM_COMPANY: 409,
  ERR_PLAN_IN_USE: 409,
  ERR_DUPLICATED_PLAN: 409,
  // later domains (spec catalogue), declared now so every client translates them
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 400,
  ERR_WAPP_NOT_INITIALIZED: 409,
  /** The instance running the WhatsApp session did not answer a call handed to it in time. */
  ERR_WAPP_OWNER_TIMEOUT: 504,
  ERR_WAPP_CHECK_CONTACT: 502,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_SENDING_WAPP_MSG: 502,
  ERR_DELETE_WAPP_MSG: 502,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  // inbox
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_EMPTY_MESSAGE: 400,
  ERR_TAG_REQUIRED: 400,
  ERR_EDIT_WINDOW_CLOSED: 403,
  ERR_EDITING_WAPP_MSG: 400,
  ERR_CHANNEL_UNSUPPORTED: 400,
  ERR_SENDING_WAPP_REACTION: 502,
  ERR_MESSAGING_WINDOW_CLOSED: 400,
  ERR_INVALID_SIGNATURE: 401,
  ERR_WAPP_CREDENTIALS: 400,
  ERR_PROVIDER_UNAVAILABLE: 502,
  ERR_TRANSCRIPTION_NOT_CONFIGURED: 400,
  ERR_TRANSCRIPTION_FAILED: 502,
  ERR_MEDIA_UNAVAILABLE: 404,
  /** A resend of a message that is not a failed send of ours (received, sent, note, deleted). */
  ERR_MESSAGE_NOT_RESENDABLE: 409,
  // connections
  ERR_CONNECTION_LIMIT_REACHED: 403,
  ERR_DUPLICATED_CONNECTION: 409,
  /** A session action on a channel without sessions (only WhatsApp pairs by QR code). */
  ERR_CHANNEL_HAS_NO_SESSION: 400,
  /** POST /facebook without META_APP_ID and META_APP_SECRET on the server. */
  ERR_FACEBOOK_NOT_CONFIGURED: 503,
  /** POST /facebook: the Facebook user manages no page. */
  ERR_FACEBOOK_PAGE_NOT_FOUND: 400,
  /** The page token does not speak for the page or Instagram account it is saved with. */
  ERR_PAGE_NOT_VERIFIED: 400,
  /** Another company has connected this page or Instagram account. */
  ERR_PAGE_TAKEN: 409,
  /** Graph did not answer while a page token was being checked: nothing was saved. */
  ERR_PAGE_NOT_CHECKED: 502,
  // queues and chatbot options
  ERR_QUEUE_NOT_FOUND: 404,
  ERR_NO_CHATBOT_FOUND: 404,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  ERR_QUEUE_LIMIT_REACHED: 403,
  // server
  ERR_INTERNAL: 500,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof errorStatus

export const errorCodes = Object.keys(errorStatus) as ErrorCode[]

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatus, value)

/** Body of every client-visible failure. `field` names the offending input on ERR_VALIDATION. */
export interface ErrorBody {
  /** A catalogue code; clients show unknown strings as they are (000 §8). */
  error: string
  field?: string
}
