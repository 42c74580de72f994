import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from './i18n'
import { errorMessage, notify, setToastSink, type ToastMessage } from './notify'

const failure = (status: number, data: unknown) => {
  const config = { headers: new AxiosHeaders() }
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response)
}

describe('errorMessage (000 §8)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('pt-BR')
  })

  it('translates a known code', () => {
    expect(errorMessage(failure(401, { error: 'ERR_INVALID_CREDENTIALS' }))).toBe(
      'Erro de autenticação. Por favor, tente novamente.',
    )
  })

  it('shows an unknown code as it is', () => {
    expect(errorMessage(failure(400, { error: 'ERR_SOMETHING_NEW' }))).toBe('ERR_SOMETHING_NEW')
  })

  it('names the field of a validation error', () => {
    expect(errorMessage(failure(400, { error: 'ERR_VALIDATION', field: 'email' }))).toBe(
      'Dados inválidos. (email)',
    )
  })

  it('shows a string body as it is', () => {
    expect(errorMessage(failure(500, 'Servidor em manutenção'))).toBe('Servidor em manutenção')
  })

  it('falls back to the generic text', () => {
    expect(errorMessage(failure(500, { message: 'no code' }))).toBe('Ocorreu um erro!')
    expect(errorMessage(new Error('network'))).toBe('Ocorreu um erro!')
  })

  it('follows the interface language', async () => {
    await i18n.changeLanguage('en')
    expect(errorMessage(failure(401, { error: 'ERR_INVALID_CREDENTIALS' }))).toBe(
      'Authentication error. Please try again.',
    )
    await i18n.changeLanguage('pt-BR')
  })
})

describe('notify', () => {
  it('keeps messages sent before the toaster mounts', () => {
    notify('info', 'early')
    const received: ToastMessage[] = []
    const disconnect = setToastSink((toast) => received.push(toast))
    notify('success', 'late')
    disconnect()
    expect(received).toEqual([
      { intent: 'info', message: 'early' },
      { intent: 'success', message: 'late' },
    ])
  })
})
