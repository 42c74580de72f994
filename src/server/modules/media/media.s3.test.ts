import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PLATFORM_COMPANY_DUE_DATE } from '@shared/constants'
import type { S3Settings } from '@server/config'
import { buildCompany, buildMessage, buildUser } from '@tests/factories'
import { loginAs } from '@tests/helpers/auth'
import { startFakeS3, type FakeS3 } from '@tests/helpers/fake-s3'
import { conversation, fakeDriver, multipart, PNG_1x1 } from '@tests/helpers/messages'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { messages } from '../messages/messages.table'
import { createS3Storage } from './media.s3'

let s3: FakeS3
let settings: S3Settings
let t: TestApp
let asSuper: Record<string, string>
const whatsapp = fakeDriver()

beforeAll(async () => {
  s3 = await startFakeS3()
  settings = s3.settings()
  t = await buildTestApp({ config: { s3: settings } })
  // The first company of a fresh database is company 1, the platform owner.
  const platform = await buildCompany(t.db, { dueDate: PLATFORM_COMPANY_DUE_DATE })
  asSuper = await loginAs(
    t.app,
    await buildUser(t.db, { company: platform, profile: 'admin', super: true }),
  )
  t.services.channels.register('whatsapp', whatsapp.driver)
  await t.services.messages.sender.start()
})
afterAll(async () => {
  await t.services.messages.sender.stop()
  await t.close()
  await s3.close()
})

const companyPrefix = (companyId: number) => `${settings.prefix}${companyId}/`
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })
/** A file as it was stored on disk before S3 was configured. */
const plantOnDisk = (companyId: number, relative: string, content: string) => {
  const path = join(t.config.mediaDir, String(companyId), relative)
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}

describe('S3 storage', () => {
  test('files are stored as objects under {prefix}{companyId}/ with the type they are served with', async () => {
    const company = await buildCompany(t.db)
    const text = await t.services.media.saveFile(company.id, 'messages', Buffer.from('linha 1\n'), {
      maxBytes: 100,
      originalName: 'notas.txt',
    })
    // XML sniffs as such but keeps no extension of its own: opaque bytes, never markup.
    const xml = await t.services.media.saveFile(
      company.id,
      'messages',
      Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"/>'),
      { maxBytes: 100 },
    )
    const image = await t.services.media.saveImage(company.id, 'users', PNG_1x1, 1000)

    expect(await s3.keys(companyPrefix(company.id))).toEqual(
      [text.path, xml.path, image].map((path) => companyPrefix(company.id) + path).sort(),
    )
    const typeOf = async (relative: string) =>
      (
        await s3.client.send(
          new GetObjectCommand({ Bucket: s3.bucket, Key: companyPrefix(company.id) + relative }),
        )
      ).ContentType
    expect([await typeOf(text.path), await typeOf(xml.path), await typeOf(image)]).toEqual([
      'text/plain; charset=utf-8',
      'application/octet-stream',
      'image/png',
    ])
    expect((await t.services.media.readFile(company.id, text.path)).toString()).toBe('linha 1\n')
    expect(existsSync(join(t.config.mediaDir, String(company.id)))).toBe(false)
  })

  test('the signed URL streams the object with its type, length, cache policy and ranges', async () => {
    const company = await buildCompany(t.db)
    const stored = await t.services.media.saveFile(
      company.id,
      'messages',
      Buffer.from('hello text'),
      {
        maxBytes: 100,
      },
    )
    const url = t.services.media.signedUrl(company.id, stored.path)

    const whole = await get(url)
    expect([whole.statusCode, whole.payload]).toEqual([200, 'hello text'])
    expect(whole.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '10',
      'cache-control': 'private, max-age=3600',
      'accept-ranges': 'bytes',
    })
    const part = await get(url, { range: 'bytes=0-3' })
    expect([part.statusCode, part.payload, part.headers['content-range']]).toEqual([
      206,
      'hell',
      'bytes 0-3/10',
    ])
    const pastTheEnd = await get(url, { range: 'bytes=50-' })
    expect([pastTheEnd.statusCode, pastTheEnd.payload]).toEqual([200, 'hello text'])

    const tampered = await get(url.replace('signature=', 'signature=x'))
    expect([tampered.statusCode, tampered.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    const missing = await get(t.services.media.signedUrl(company.id, 'messages/gone.txt'))
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'ERR_MEDIA_UNAVAILABLE' }])
  })

  test("a signed URL of one company never reaches another company's object", async () => {
    const own = await buildCompany(t.db)
    const foreign = await buildCompany(t.db)
    const mine = await t.services.media.saveFile(own.id, 'messages', Buffer.from('mine'), {
      maxBytes: 100,
    })
    const theirs = await t.services.media.saveFile(foreign.id, 'messages', Buffer.from('theirs'), {
      maxBytes: 100,
    })
    const url = t.services.media.signedUrl(own.id, mine.path)

    const swapped = url
      .replace(`/media/${own.id}/`, `/media/${foreign.id}/`)
      .replace(mine.path, theirs.path)
    const refused = await get(swapped)
    expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'ERR_NO_PERMISSION' }])
    await expect(
      t.services.media.readFile(own.id, `../${foreign.id}/${theirs.path}`),
    ).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' })
  })

  test('a file too large is refused and leaves no object', async () => {
    const company = await buildCompany(t.db)
    await expect(
      t.services.media.saveFile(company.id, 'messages', Buffer.alloc(11), { maxBytes: 10 }),
    ).rejects.toMatchObject({ code: 'ERR_FILE_TOO_LARGE' })
    const chunks = Readable.from([Buffer.alloc(6), Buffer.alloc(6)])
    await expect(
      t.services.media.saveFile(company.id, 'messages', chunks, { maxBytes: 10 }),
    ).rejects.toMatchObject({ code: 'ERR_FILE_TOO_LARGE' })
    expect(await s3.keys(companyPrefix(company.id))).toEqual([])
  })

  test('a driver gets the object as a file of its own, removed after the send', async () => {
    const company = await buildCompany(t.db)
    const stored = await t.services.media.saveFile(company.id, 'messages', PNG_1x1, {
      maxBytes: 1000,
    })
    let copy = ''
    const bytes = await t.services.media.withLocalFile(company.id, stored.path, async (path) => {
      copy = path
      return readFileSync(path)
    })
    expect(bytes.equals(PNG_1x1)).toBe(true)
    expect(copy).toMatch(/\.png$/)
    expect(existsSync(copy)).toBe(false)
    await expect(
      t.services.media.withLocalFile(company.id, 'messages/gone.png', () => Promise.resolve()),
    ).rejects.toMatchObject({ code: 'ERR_MEDIA_UNAVAILABLE' })
  })

  test('removal deletes the object; a company is listed and deleted page by page', async () => {
    const company = await buildCompany(t.db)
    const stored = await t.services.media.saveFile(company.id, 'messages', Buffer.from('x'), {
      maxBytes: 10,
    })
    await t.services.media.remove(company.id, stored.path)
    expect(await s3.keys(companyPrefix(company.id))).toEqual([])

    // Two keys a page, so that five objects take three pages; company 70 shares 7's digits.
    const paged = s3.settings()
    const storage = createS3Storage(paged, {
      stagingDir: join(t.config.dataDir, 'staging'),
      pageSize: 2,
    })
    for (let size = 1; size <= 5; size++)
      await storage.write(7, `messages/${size}.bin`, Buffer.alloc(size), 'application/octet-stream')
    await storage.write(70, 'messages/other.bin', Buffer.alloc(9), 'application/octet-stream')
    expect(await storage.usage(7)).toEqual({ size: 15, files: 5 })

    await storage.removeCompany(7)
    expect(await s3.keys(`${paged.prefix}7/`)).toEqual([])
    expect(await s3.keys(`${paged.prefix}70/`)).toEqual([`${paged.prefix}70/messages/other.bin`])
    expect(await storage.usage(7)).toEqual({ size: 0, files: 0 })
  })
})

describe('files stored on disk before S3', () => {
  test('are still served, read and handed to drivers, and removal reaches them', async () => {
    const company = await buildCompany(t.db)
    const path = plantOnDisk(company.id, 'messages/old.txt', 'antigo')

    const served = await get(t.services.media.signedUrl(company.id, 'messages/old.txt'))
    expect([served.statusCode, served.payload]).toEqual([200, 'antigo'])
    expect(served.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'private, max-age=3600',
    })
    expect((await t.services.media.readFile(company.id, 'messages/old.txt')).toString()).toBe(
      'antigo',
    )
    expect(
      await t.services.media.withLocalFile(company.id, 'messages/old.txt', (local) =>
        Promise.resolve(local),
      ),
    ).toBe(path)

    await t.services.media.remove(company.id, 'messages/old.txt')
    expect(existsSync(path)).toBe(false)
  })
})

describe('through the app with S3 configured', () => {
  test('a message attachment goes to the bucket, is served by its signed URL and is sent', async () => {
    const c = await conversation(t)
    const form = await multipart([
      ['body', 'Foto'],
      ['medias', PNG_1x1, 'photo.png'],
    ])
    const response = await t.app.inject({
      method: 'POST',
      url: `/messages/${c.ticket.id}`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(200)
    await t.services.messages.sender.idle()

    const [row] = await t.db.select().from(messages).where(eq(messages.ticketId, c.ticket.id))
    expect(await s3.keys(companyPrefix(c.company.id))).toEqual([
      companyPrefix(c.company.id) + row!.mediaPath!,
    ])
    const served = await get(response.json().mediaUrl)
    expect([served.statusCode, served.headers['content-type'], served.rawPayload]).toEqual([
      200,
      'image/png',
      PNG_1x1,
    ])
    const [sent] = whatsapp.sentOn(c.connection.id)
    expect(sent?.mediaBytes).toEqual(PNG_1x1)
    expect(existsSync(sent!.message.media!.path)).toBe(false)
    expect(existsSync(join(t.config.mediaDir, String(c.company.id)))).toBe(false)
  })

  test('a message whose object is gone fails at once, as a missing file does', async () => {
    const c = await conversation(t)
    const message = await buildMessage(t.db, c.ticket, {
      fromMe: true,
      ack: 0,
      sendStatus: 'queued',
      mediaType: 'image',
      mediaPath: 'messages/gone.png',
    })
    t.services.messages.sender.kick(c.connection.id)
    await t.services.messages.sender.idle()
    const [row] = await t.db.select().from(messages).where(eq(messages.id, message.id))
    expect(row).toMatchObject({
      sendStatus: 'failed',
      sendAttempts: 1,
      sendError: 'ERR_SENDING_WAPP_MSG',
    })
  })

  test('an avatar goes to the bucket and is served', async () => {
    const c = await conversation(t)
    const form = await multipart([['profileImage', PNG_1x1, 'me.png']])
    const response = await t.app.inject({
      method: 'POST',
      url: `/users/${c.agent.id}/media-upload`,
      headers: { ...c.asAgent, ...form.headers },
      payload: form.payload,
    })
    expect(response.statusCode).toBe(200)
    const served = await get(response.json().user.profileImage)
    expect([served.statusCode, served.rawPayload]).toEqual([200, PNG_1x1])
    expect(await s3.keys(`${companyPrefix(c.company.id)}users/`)).toHaveLength(1)
  })

  test('deleting a company removes its objects and its old disk folder; usage counts the prefix', async () => {
    const company = await buildCompany(t.db)
    await t.services.media.saveFile(company.id, 'messages', Buffer.alloc(1000), { maxBytes: 1000 })
    await t.services.media.saveImage(company.id, 'users', PNG_1x1, 1000)
    expect(await t.services.media.usage(company.id)).toEqual({
      size: 1000 + PNG_1x1.length,
      files: 2,
    })
    const legacy = plantOnDisk(company.id, 'messages/old.txt', 'antigo')

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/companies/${company.id}`,
      headers: asSuper,
    })
    expect(response.statusCode).toBe(200)
    expect(await s3.keys(companyPrefix(company.id))).toEqual([])
    expect(existsSync(legacy)).toBe(false)
  })
})
