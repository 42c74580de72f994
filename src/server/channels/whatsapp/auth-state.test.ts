import { proto } from 'baileys'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCompany, buildConnection } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { companySecretBox, loadAuthState, wipeAuthState } from './auth-state'
import { whatsappRepository } from './whatsapp.repository'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})

afterAll(async () => {
  await t?.close()
})

async function connection() {
  const company = await buildCompany(t.db)
  const row = await buildConnection(t.db, company)
  const box = companySecretBox(t.config.encryptionKey, company.id)
  return { company, row, box }
}

describe('whatsapp auth state in PostgreSQL', () => {
  it('starts with fresh credentials and reloads the saved ones, sealed at rest', async () => {
    const { company, row, box } = await connection()
    const first = await loadAuthState(t.db, box, company.id, row.id)
    expect(first.state.creds.registered).toBe(false)
    first.state.creds.me = { id: '5511900000000:3@s.whatsapp.net', name: 'Loja' }
    await first.saveCreds()

    const sealed = await whatsappRepository(t.db).readCreds(company.id, row.id)
    expect(sealed).toMatch(/^v1\./)
    const privateKey = Buffer.from(first.state.creds.noiseKey.private).toString('base64')
    expect(sealed).not.toContain(privateKey)
    expect(sealed).not.toContain('5511900000000')

    const again = await loadAuthState(t.db, box, company.id, row.id)
    expect(again.state.creds.me).toEqual(first.state.creds.me)
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true)
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(
      Buffer.from(first.state.creds.noiseKey.private),
    )
    expect(again.state.creds.registrationId).toBe(first.state.creds.registrationId)
  })

  it('stores, reads and deletes signal keys in batches', async () => {
    const { company, row, box } = await connection()
    const { state } = await loadAuthState(t.db, box, company.id, row.id)
    const keyPair = { public: Buffer.alloc(32, 1), private: Buffer.alloc(32, 2) }
    const syncKey = proto.Message.AppStateSyncKeyData.fromObject({
      keyData: Buffer.alloc(32, 3),
      fingerprint: { rawId: 7, currentIndex: 1 },
      timestamp: 1_700_000_000,
    })
    await state.keys.set({
      'pre-key': { '1': keyPair, '2': keyPair },
      session: { '5511988887777.0': new Uint8Array([9, 8, 7]) },
      'app-state-sync-key': { AAAA: syncKey },
      'lid-mapping': { '5511988887777': '123456789012345' },
    })
    expect(await whatsappRepository(t.db).countKeys(company.id, row.id)).toBe(5)

    const preKeys = await state.keys.get('pre-key', ['1', '2', '3'])
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2'])
    expect(Buffer.from(preKeys['1']!.private)).toEqual(keyPair.private)

    const sessions = await state.keys.get('session', ['5511988887777.0'])
    expect(Buffer.from(sessions['5511988887777.0']!)).toEqual(Buffer.from([9, 8, 7]))

    const sync = await state.keys.get('app-state-sync-key', ['AAAA'])
    expect(sync.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData)
    expect(Buffer.from(sync.AAAA!.keyData!)).toEqual(Buffer.alloc(32, 3))

    const mapping = await state.keys.get('lid-mapping', ['5511988887777'])
    expect(mapping['5511988887777']).toBe('123456789012345')

    await state.keys.set({ 'pre-key': { '1': null } })
    expect(Object.keys(await state.keys.get('pre-key', ['1', '2']))).toEqual(['2'])
  })

  it('seals values per company', async () => {
    const { company, row, box } = await connection()
    const other = companySecretBox(t.config.encryptionKey, company.id + 1)
    const { saveCreds } = await loadAuthState(t.db, box, company.id, row.id)
    await saveCreds()
    const sealed = await whatsappRepository(t.db).readCreds(company.id, row.id)
    expect(() => other.open(sealed!)).toThrow()
    expect(() => box.open(sealed!)).not.toThrow()
  })

  it('wipes credentials and keys together', async () => {
    const { company, row, box } = await connection()
    const { state, saveCreds } = await loadAuthState(t.db, box, company.id, row.id)
    await saveCreds()
    await state.keys.set({ session: { a: new Uint8Array([1]) } })
    await wipeAuthState(t.db, company.id, row.id)
    const repo = whatsappRepository(t.db)
    expect(await repo.readCreds(company.id, row.id)).toBeUndefined()
    expect(await repo.countKeys(company.id, row.id)).toBe(0)
  })
})
