/** Limits of the conversation screen (000 §9). */

/** The message list keeps at most this many messages; the oldest go when new ones arrive. */
export const MESSAGE_WINDOW_MAX = 150
/** Opening a ticket waits this long, so clicking through the list does not load every one. */
export const TICKET_LOAD_DELAY_MS = 300
/** Older history loads when the list is scrolled within this distance of its top. */
export const LOAD_OLDER_THRESHOLD_PX = 50
/** Within this distance of the bottom the list follows new messages. */
export const STICK_TO_BOTTOM_PX = 120
/** Recordings smaller than this are accidental taps, not messages (000 §5). */
export const MIN_AUDIO_BYTES = 10_000
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const
export type PlaybackRate = (typeof PLAYBACK_RATES)[number]
export const FORWARD_PAUSE_MS = 900
export const QUICK_REPLY_LABEL_MAX = 90
/** The composer's emoji picker shows this many emoji per row. */
export const EMOJI_PICKER_COLUMNS = 8
export const CONTACT_DRAWER_WIDTH_PX = 320
/** The message list never gets narrower than this: the contact panel floats over it instead. */
export const CONVERSATION_MIN_WIDTH_PX = 450
/** The CSS container the contact panel measures to know whether it fits beside the messages. */
export const CONVERSATION_CONTAINER = 'conversation'
/** Facebook and Instagram accept free replies only this long after the contact's message. */
export const META_REPLY_WINDOW_MS = 24 * 60 * 60 * 1000
/** How long a quoted message stays highlighted after jumping to it. */
export const HIGHLIGHT_MS = 1600
export const PDF_FILE_NAME = (ticketId: number) => `relatorio_atendimento_${ticketId}.pdf`

/** Local preferences of this screen (lib/storage keeps the app-wide ones). */
export const CONVERSATION_STORAGE_KEYS = {
  playbackRate: 'audioPlaybackRate',
  signMessage: 'signOption',
} as const
