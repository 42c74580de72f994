import { expect, test } from 'vitest'
import { helpSchema, helpToFormValues } from './help-schema'

test('a help needs a title; the video is a bare code', async () => {
  const valid = { ...helpToFormValues(null), title: 'Primeiros passos', video: 'dQw4w9WgXcQ' }
  await expect(helpSchema.validate(valid)).resolves.toBeTruthy()
  await expect(helpSchema.validate({ ...valid, title: ' ' })).rejects.toThrow('validation.required')
  await expect(helpSchema.validate({ ...valid, video: 'https://youtu.be/x' })).rejects.toThrow(
    'validation.invalidVideo',
  )
})
