import * as yup from 'yup'
import {
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  QUICK_MESSAGE_TEXT_MAX,
  type QuickMessageDto,
  type SaveQuickMessageBody,
} from '@shared/contracts/quick-messages'
import {
  quickMessageProblems,
  type QuickMessageForm,
  type QuickMessageProblem,
} from '@shared/contracts/quick-messages-rules'

export interface QuickMessageFormValues {
  shortcode: string
  message: string
  /** Shared: everyone sees, uses and edits it. */
  geral: boolean
  /** Everyone sees and uses it; only its creator edits it unless it is shared. */
  visao: boolean
  /** Offered in the composer. */
  status: boolean
  /** A file chosen here, sent once the quick message is saved; null when none is chosen. */
  file: File | null
  /** The stored attachment's name while it is kept; null when there is none or it is removed. */
  storedName: string | null
}

type RuleField = 'shortcode' | 'message'

/** `quickMessages` namespace keys of the form's messages, by field and problem (002 §5). */
export const quickMessageMessages: Record<RuleField, Record<QuickMessageProblem, string>> = {
  shortcode: { required: 'validation.required', tooLong: 'validation.shortcodeTooLong' },
  message: { required: 'validation.messageRequired', tooLong: 'validation.messageTooLong' },
}

/** Whether the quick message will carry a file: one chosen, or the stored one kept. */
export const hasAttachment = (values: Pick<QuickMessageFormValues, 'file' | 'storedName'>) =>
  values.file !== null || values.storedName !== null

const rulesForm = (values: QuickMessageFormValues): QuickMessageForm => ({
  shortcode: values.shortcode,
  message: values.message,
  hasMedia: hasAttachment(values),
})

/** The field answers to the shared rules (`quick-messages-rules.ts`), in our wording. */
const followsRules = <S extends yup.Schema>(schema: S, field: RuleField): S =>
  schema.test('rules', (_value, test) => {
    const problem = quickMessageProblems(rulesForm(test.parent as QuickMessageFormValues))[field]
    return problem ? test.createError({ message: quickMessageMessages[field][problem] }) : true
  })

/** Why a chosen file cannot be sent: larger than WhatsApp takes (16 MB). */
export const attachmentProblem = (file: File): 'validation.fileTooLarge' | null =>
  file.size > QUICK_MESSAGE_MEDIA_MAX_BYTES ? 'validation.fileTooLarge' : null

/**
 * The quick-message dialog's rules (002 §5): the shortcode required ('Obrigatório'), the text
 * too unless a file goes with it, and a file WhatsApp takes.
 */
export const quickMessageSchema: yup.ObjectSchema<QuickMessageFormValues> = yup.object({
  shortcode: followsRules(yup.string().defined(), 'shortcode'),
  message: followsRules(
    yup.string().defined().max(QUICK_MESSAGE_TEXT_MAX, 'validation.messageTooLong'),
    'message',
  ),
  geral: yup.boolean().defined(),
  visao: yup.boolean().defined(),
  status: yup.boolean().defined(),
  file: yup
    .mixed<File>()
    .nullable()
    .defined()
    .test('size', (file, test) => {
      const problem = file ? attachmentProblem(file) : null
      return problem ? test.createError({ message: problem }) : true
    }),
  storedName: yup.string().nullable().defined(),
})

/** The name a stored attachment shows: the uploader's, else its stored file's. */
export const attachmentName = (record: Pick<QuickMessageDto, 'mediaName' | 'mediaPath'>): string =>
  record.mediaName ?? record.mediaPath?.split('/').pop() ?? ''

/**
 * The form of a stored quick message, or of a new one (null): active and visible to everyone,
 * not shared (002 §3.2; visao is on by default on this server).
 */
export const toQuickMessageFormValues = (record: QuickMessageDto | null): QuickMessageFormValues =>
  record
    ? {
        shortcode: record.shortcode,
        message: record.message,
        geral: record.geral,
        visao: record.visao,
        status: record.status,
        file: null,
        storedName: record.mediaPath ? attachmentName(record) : null,
      }
    : {
        shortcode: '',
        message: '',
        geral: false,
        visao: true,
        status: true,
        file: null,
        storedName: null,
      }

/** The body of POST and PUT, trimmed; `isMedia` says a file follows, so the text may be empty. */
export const toQuickMessageBody = (values: QuickMessageFormValues): SaveQuickMessageBody => ({
  shortcode: values.shortcode.trim(),
  message: values.message.trim(),
  geral: values.geral,
  visao: values.visao,
  status: values.status,
  isMedia: values.file !== null,
})

/** What the save does to the attachment once the row is saved. */
export type AttachmentChange =
  { kind: 'upload'; file: File } | { kind: 'remove' } | { kind: 'keep' }

/**
 * The attachment's change between what `stored` holds (nothing when null: a new one) and the
 * form: a chosen file is sent (replacing a stored one), a stored file removed in the form is
 * deleted, anything else stays.
 */
export const attachmentChange = (
  stored: Pick<QuickMessageDto, 'mediaPath'> | null,
  values: Pick<QuickMessageFormValues, 'file' | 'storedName'>,
): AttachmentChange => {
  if (values.file) return { kind: 'upload', file: values.file }
  if (stored?.mediaPath && values.storedName === null) return { kind: 'remove' }
  return { kind: 'keep' }
}

const FIELDS: readonly string[] = ['shortcode', 'message', 'file']

/** The fields of the form a server refusal may name and show on the field. */
export const isQuickMessageField = (name: string): name is 'shortcode' | 'message' | 'file' =>
  FIELDS.includes(name)
