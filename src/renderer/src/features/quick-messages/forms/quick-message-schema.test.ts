import { describe, expect, it } from 'vitest'
import { QUICK_MESSAGE_MEDIA_MAX_BYTES } from '@shared/contracts/quick-messages'
import { quickMessage, quickMessageMedia } from '@tests/renderer/quick-messages.fixtures'
import {
  attachmentChange,
  isQuickMessageField,
  quickMessageSchema,
  toQuickMessageBody,
  toQuickMessageFormValues,
  type QuickMessageFormValues,
} from './quick-message-schema'

const VALID: QuickMessageFormValues = {
  shortcode: 'bomdia',
  message: 'Bom dia, {{firstName}}!',
  geral: false,
  visao: true,
  status: true,
  file: null,
  storedName: null,
}

/** A file of `bytes` bytes without holding them: only its size is read. */
const sizedFile = (name: string, type: string, bytes: number): File => {
  const file = new File(['%'], name, { type })
  Object.defineProperty(file, 'size', { value: bytes })
  return file
}

/** Each failing field with its message key. */
const problemsOf = async (values: QuickMessageFormValues): Promise<Record<string, string>> => {
  try {
    await quickMessageSchema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const { inner } = error as { inner: { path: string; message: string }[] }
    return Object.fromEntries(inner.map((problem) => [problem.path, problem.message]))
  }
}

describe('quickMessageSchema (002 §5: quick message)', () => {
  it('requires the shortcode ("Obrigatório") and, without a file, the text', async () => {
    expect(await problemsOf({ ...VALID, shortcode: '  ', message: ' ' })).toEqual({
      shortcode: 'validation.required',
      message: 'validation.messageRequired',
    })
  })

  it('lets the text stay empty when a file is chosen or a stored one is kept', async () => {
    const image = new File(['png'], 'promo.png', { type: 'image/png' })
    expect(await problemsOf({ ...VALID, message: '', file: image })).toEqual({})
    expect(await problemsOf({ ...VALID, message: '', storedName: 'promo.png' })).toEqual({})
  })

  it('bounds the shortcode, the text and the file', async () => {
    expect(await problemsOf({ ...VALID, shortcode: 'x'.repeat(101) })).toEqual({
      shortcode: 'validation.shortcodeTooLong',
    })
    expect(await problemsOf({ ...VALID, message: 'x'.repeat(4097) })).toEqual({
      message: 'validation.messageTooLong',
    })
    const large = sizedFile('video.mp4', 'video/mp4', QUICK_MESSAGE_MEDIA_MAX_BYTES + 1)
    expect(await problemsOf({ ...VALID, file: large })).toEqual({
      file: 'validation.fileTooLarge',
    })
    const fits = sizedFile('video.mp4', 'video/mp4', QUICK_MESSAGE_MEDIA_MAX_BYTES)
    expect(await problemsOf({ ...VALID, file: fits })).toEqual({})
  })
})

describe('the quick-message form’s values', () => {
  it('starts a new one active, visible to everyone and not shared (002 §3.2)', () => {
    expect(toQuickMessageFormValues(null)).toEqual({
      shortcode: '',
      message: '',
      geral: false,
      visao: true,
      status: true,
      file: null,
      storedName: null,
    })
  })

  it('opens a stored one as it is, its file by the uploader’s name', () => {
    const stored = quickMessage(3, {
      shortcode: 'catalogo',
      message: '',
      geral: true,
      visao: false,
      status: false,
      ...quickMessageMedia(3, 'catalogo.pdf', 'application/pdf'),
    })
    expect(toQuickMessageFormValues(stored)).toEqual({
      shortcode: 'catalogo',
      message: '',
      geral: true,
      visao: false,
      status: false,
      file: null,
      storedName: 'catalogo.pdf',
    })
  })

  it('sends the fields trimmed, and says a file follows only when one is chosen', () => {
    expect(toQuickMessageBody({ ...VALID, shortcode: ' bomdia ', message: ' Olá ' })).toEqual({
      shortcode: 'bomdia',
      message: 'Olá',
      geral: false,
      visao: true,
      status: true,
      isMedia: false,
    })
    const file = new File(['png'], 'promo.png', { type: 'image/png' })
    expect(toQuickMessageBody({ ...VALID, file }).isMedia).toBe(true)
    expect(toQuickMessageBody({ ...VALID, storedName: 'promo.png' }).isMedia).toBe(false)
  })

  it('uploads a chosen file, deletes a removed stored one, and otherwise leaves the file', () => {
    const stored = quickMessage(3, quickMessageMedia(3, 'promo.png', 'image/png'))
    const file = new File(['png'], 'nova.png', { type: 'image/png' })
    expect(attachmentChange(stored, { file, storedName: 'promo.png' })).toEqual({
      kind: 'upload',
      file,
    })
    expect(attachmentChange(null, { file, storedName: null })).toEqual({ kind: 'upload', file })
    expect(attachmentChange(stored, { file: null, storedName: null })).toEqual({ kind: 'remove' })
    expect(attachmentChange(stored, { file: null, storedName: 'promo.png' })).toEqual({
      kind: 'keep',
    })
    expect(attachmentChange(quickMessage(4), { file: null, storedName: null })).toEqual({
      kind: 'keep',
    })
  })

  it('knows which fields can show a server refusal', () => {
    expect(['shortcode', 'message', 'file'].every(isQuickMessageField)).toBe(true)
    expect(isQuickMessageField('geral')).toBe(false)
  })
})
