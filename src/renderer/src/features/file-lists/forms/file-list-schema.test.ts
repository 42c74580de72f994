import { describe, expect, test } from 'vitest'
import { FILE_OPTION_MAX_BYTES } from '@shared/contracts/file-lists'
import { fileList, fileOption, sizedFile } from '@tests/renderer/file-lists.fixtures'
import {
  emptyFileOption,
  fileListSchema,
  fileListToFormValues,
  isFileListFormField,
  mediaFamilyOf,
  optionNameFromFile,
  pendingUploads,
  savedOptionIds,
  toFileListBody,
  type FileListFormValues,
  type FileOptionFormValues,
} from './file-list-schema'

const pdf = new File(['%PDF-'], 'catalogo.pdf', { type: 'application/pdf' })

const option = (overrides: Partial<FileOptionFormValues> = {}): FileOptionFormValues => ({
  ...emptyFileOption(),
  name: 'Catálogo',
  file: pdf,
  ...overrides,
})

const form = (overrides: Partial<FileListFormValues> = {}): FileListFormValues => ({
  name: 'Boas-vindas',
  message: 'Seguem os arquivos:',
  options: [option()],
  ...overrides,
})

/** The first failure of each field, as the form shows it. */
const problems = async (values: FileListFormValues) => {
  try {
    await fileListSchema.validate(values, { abortEarly: false })
    return {}
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner
    return Object.fromEntries(inner.reverse().map((item) => [item.path, item.message]))
  }
}

describe('fileListSchema (002 §5 "File form")', () => {
  test('name: required, at least 3 characters ("nome muito curto")', async () => {
    expect(await problems(form({ name: '  ' }))).toEqual({ name: 'validation.required' })
    expect(await problems(form({ name: ' ab ' }))).toEqual({ name: 'validation.nameTooShort' })
    expect(await problems(form({ name: 'x'.repeat(101) }))).toEqual({
      name: 'validation.nameTooLong',
    })
    expect(await problems(form({ name: 'abc' }))).toEqual({})
  })

  test('message: required ("Obrigatório")', async () => {
    expect(await problems(form({ message: ' \n ' }))).toEqual({ message: 'validation.required' })
  })

  test('each option is named, through the shared rules', async () => {
    const values = form({ options: [option(), option({ name: ' ' })] })
    expect(await problems(values)).toEqual({ 'options[1].name': 'validation.required' })
  })

  test('a new option needs a file; a stored one keeps its own', async () => {
    expect(await problems(form({ options: [option({ file: null })] }))).toEqual({
      'options[0].file': 'validation.fileRequired',
    })
    expect(await problems(form({ options: [option({ id: 4, file: null })] }))).toEqual({})
  })

  test('a file over 20 MB is refused before anything is sent', async () => {
    const big = sizedFile('video.mp4', 'video/mp4', FILE_OPTION_MAX_BYTES + 1)
    const exact = sizedFile('video.mp4', 'video/mp4', FILE_OPTION_MAX_BYTES)
    expect(await problems(form({ options: [option({ file: big })] }))).toEqual({
      'options[0].file': 'validation.fileTooLarge',
    })
    expect(await problems(form({ options: [option({ file: exact })] }))).toEqual({})
  })

  test('a list may have no option, and at most 20', async () => {
    expect(await problems(form({ options: [] }))).toEqual({})
    const many = Array.from({ length: 21 }, () => option())
    expect(await problems(form({ options: many }))).toEqual({
      options: 'validation.tooManyOptions',
    })
  })
})

describe('file-list form values and body', () => {
  test('a new list starts with one empty option to fill', () => {
    expect(fileListToFormValues(null)).toEqual({
      name: '',
      message: '',
      options: [emptyFileOption()],
    })
  })

  test('a stored list opens with its options and their stored files', () => {
    const list = fileList(3, { options: [fileOption(7, { name: 'Tabela' })] })
    expect(fileListToFormValues(list).options).toEqual([
      {
        id: 7,
        name: 'Tabela',
        file: null,
        storedMediaType: 'application/pdf',
        storedPath: 'company1/fileList/arquivo-7.pdf',
        storedUrl: 'https://cdn.loja.com/preview/arquivo-7.pdf?sig=abc',
      },
    ])
  })

  test('the body names the options, stored ones by id, new ones without', () => {
    const body = toFileListBody(
      form({
        name: ' Boas-vindas ',
        message: ' Olá! ',
        options: [option({ id: 7, name: ' Tabela ', file: null }), option({ name: 'Catálogo' })],
      }),
    )
    expect(body).toEqual({
      name: 'Boas-vindas',
      message: 'Olá!',
      options: [{ id: 7, name: 'Tabela' }, { name: 'Catálogo' }],
    })
    expect(body.options[1]).not.toHaveProperty('id')
  })

  test('an option is named after its file, without the extension', () => {
    expect(optionNameFromFile('catalogo 2026.pdf')).toBe('catalogo 2026')
    expect(optionNameFromFile('.env')).toBe('.env')
    expect(optionNameFromFile(`${'a'.repeat(120)}.png`)).toHaveLength(100)
  })

  test('the files of the MIME families have their icon', () => {
    expect(mediaFamilyOf('image/png')).toBe('image')
    expect(mediaFamilyOf('video/mp4')).toBe('video')
    expect(mediaFamilyOf('audio/ogg; codecs=opus')).toBe('audio')
    expect(mediaFamilyOf('application/pdf')).toBe('pdf')
    expect(mediaFamilyOf('application/zip')).toBe('document')
    expect(mediaFamilyOf(null)).toBe('document')
  })

  test('the fields a server refusal may name', () => {
    expect(isFileListFormField('name', 0)).toBe(true)
    expect(isFileListFormField('options.1.name', 2)).toBe(true)
    expect(isFileListFormField('options.2.name', 2)).toBe(false)
    expect(isFileListFormField('options', 2)).toBe(false)
  })
})

describe('savedOptionIds and pendingUploads', () => {
  test('stored rows keep their ids; new ones take the new options by name', () => {
    const rows = [
      { id: 7, name: 'Tabela' },
      { id: null, name: 'Vídeo' },
      { id: null, name: 'Catálogo' },
    ]
    const saved = [
      fileOption(7, { name: 'Tabela' }),
      fileOption(12, { name: 'Catálogo', path: null }),
      fileOption(11, { name: 'Vídeo', path: null }),
    ]
    expect(savedOptionIds(rows, saved)).toEqual([7, 11, 12])
  })

  test('without a name to go by, new rows take new options in creation order', () => {
    const rows = [
      { id: null, name: 'A' },
      { id: null, name: 'A' },
    ]
    const saved = [fileOption(21, { name: 'a' }), fileOption(20, { name: 'A' })]
    expect(savedOptionIds(rows, saved)).toEqual([20, 21])
    expect(savedOptionIds(rows, [])).toEqual([null, null])
  })

  test('only rows with a chosen file and an id are sent, with their trimmed name', () => {
    const rows = [
      option({ id: 7, file: null }),
      option({ name: ' Catálogo ' }),
      option({ name: 'Sem id' }),
    ]
    expect(pendingUploads(rows, [7, 12, null])).toEqual([
      { index: 1, option: { id: 12, name: 'Catálogo', file: pdf } },
    ])
  })
})
