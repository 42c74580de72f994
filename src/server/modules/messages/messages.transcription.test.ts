import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildMessage, buildPlan } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { companies } from '../companies/companies.table'
import { messages } from './messages.table'
import { conversation } from '@tests/helpers/messages'

/** A local stand-in for the OpenAI transcription endpoint: records requests, answers as told. */
const calls: Array<{ url: string; authorization: string; body: string }> = []
let reply: { status: number; text: string } = { status: 200, text: 'Olá, tudo bem?\n' }
let openai: Server
let t: TestApp
let unconfigured: TestApp

beforeAll(async () => {
  openai = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      calls.push({
        url: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        body: Buffer.concat(chunks).toString('latin1'),
      })
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.text)
    })
  })
  await new Promise<void>((resolve) => openai.listen(0, '127.0.0.1', resolve))
  const { port } = openai.address() as AddressInfo
  t = await buildTestApp({
    config: { openai: { apiUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'sk-test' } },
  })
  unconfigured = await buildTestApp()
})
afterAll(async () => {
  await t.close()
  await unconfigured.close()
  await new Promise((resolve) => openai.close(resolve))
})

/** A received audio message whose file is stored under the company's media. */
async function receivedAudio(app: TestApp, fileName: string, overrides = {}) {
  const c = await conversation(app)
  const folder = join(app.config.mediaDir, String(c.company.id), 'messages')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, fileName), Buffer.from('OggS fake audio'))
  const message = await buildMessage(app.db, c.ticket, {
    mediaType: 'audio',
    mediaPath: `messages/${fileName}`,
    mediaName: fileName,
    mediaMime: 'audio/ogg',
    ...overrides,
  })
  return { ...c, message }
}

const transcribe = (app: TestApp, fileName: string, headers: Record<string, string>) =>
  app.app.inject({ method: 'GET', url: `/messages/transcribeAudio/${fileName}`, headers })

describe('GET /messages/transcribeAudio/:fileName', () => {
  test('transcribes a received audio with whisper-1 in Portuguese, once', async () => {
    const c = await receivedAudio(t, 'voice-1.ogg')
    const first = await transcribe(t, 'voice-1.ogg', c.asAgent)
    expect([first.statusCode, first.json()]).toEqual([200, { transcribedText: 'Olá, tudo bem?' }])
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      url: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-test',
    })
    for (const [field, value] of [
      ['model', 'whisper-1'],
      ['language', 'pt'],
      ['response_format', 'text'],
    ])
      expect(calls[0]!.body).toMatch(new RegExp(`name="${field}"\\r\\n\\r\\n${value}\\r\\n`))
    expect(calls[0]!.body).toContain('filename="voice-1.ogg"')
    expect(calls[0]!.body).toContain('OggS fake audio')

    const again = await transcribe(t, 'voice-1.ogg', c.asAgent)
    expect(again.json()).toEqual({ transcribedText: 'Olá, tudo bem?' })
    expect(calls).toHaveLength(1)
    const [row] = await t.db.select().from(messages).where(eq(messages.id, c.message.id))
    expect(row?.transcription).toBe('Olá, tudo bem?')
  })

  test('only received audio of a visible ticket of the company', async () => {
    const c = await receivedAudio(t, 'voice-2.ogg')
    const sent = await receivedAudio(t, 'voice-3.ogg', { fromMe: true })
    const foreign = await receivedAudio(t, 'voice-4.ogg')
    for (const [fileName, headers] of [
      ['voice-3.ogg', sent.asAgent],
      ['voice-4.ogg', c.asAdmin],
      ['missing.ogg', c.asAgent],
      ['voice-2.ogg', foreign.asAdmin],
    ] as const) {
      const response = await transcribe(t, fileName, headers)
      expect([fileName, response.statusCode, response.json()]).toEqual([
        fileName,
        404,
        { error: 'ERR_MEDIA_UNAVAILABLE' },
      ])
    }
  })

  test('a provider failure is 502; no key is 400; a plan without AI is 403', async () => {
    const c = await receivedAudio(t, 'voice-5.ogg')
    reply = { status: 500, text: 'boom' }
    const failed = await transcribe(t, 'voice-5.ogg', c.asAgent)
    reply = { status: 200, text: 'ok' }
    expect([failed.statusCode, failed.json()]).toEqual([502, { error: 'ERR_TRANSCRIPTION_FAILED' }])

    const local = await receivedAudio(unconfigured, 'voice-6.ogg')
    const notConfigured = await transcribe(unconfigured, 'voice-6.ogg', local.asAgent)
    expect([notConfigured.statusCode, notConfigured.json()]).toEqual([
      400,
      { error: 'ERR_TRANSCRIPTION_NOT_CONFIGURED' },
    ])

    const plan = await buildPlan(t.db, { useOpenAi: false })
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, c.company.id))
    const gated = await transcribe(t, 'voice-5.ogg', c.asAgent)
    expect([gated.statusCode, gated.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
  })
})
