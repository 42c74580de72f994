import { boolean, object, string, type ObjectSchema } from 'yup'

export interface MediaFormValues {
  /** The stored file's name, as the upload answered it. */
  url: string
  /** An audio sent as a voice note ("recorded now"). */
  record: boolean
}

/**
 * An image, audio or video block's form: its file, sent as soon as it is chosen, is required
 * ('Envie um arquivo'); an audio may go as a voice note.
 */
export const mediaSchema: ObjectSchema<MediaFormValues> = object({
  url: string().defined().trim().required('validation.mediaRequired'),
  record: boolean().defined(),
})
