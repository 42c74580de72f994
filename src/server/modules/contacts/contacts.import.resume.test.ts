import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildCompany, buildContact, buildUser } from '@tests/factories'
import { buildTestApp, type TestApp } from '@tests/helpers/test-app'
import { contactImportRepository } from './contacts.import.repository'
import { contactImportJobs, contactImportRows, contacts } from './contacts.table'

/**
 * An import whose job is gone — its tries used up by runs lost with their instances (the
 * crash soak found imports left "running" for good) — is resumed by the minute's sweep, with
 * the options it was started with.
 */

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    config: { jobs: { maintenanceIntervalSeconds: 1, pollingIntervalSeconds: 0.5 } },
  })
})
afterAll(() => t.close())

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('the sweep gives an import without a job its job again, options included', async () => {
  const company = await buildCompany(t.db)
  const user = await buildUser(t.db, { company })
  const existing = await buildContact(t.db, company, { name: 'Já cadastrado' })
  const imports = contactImportRepository(t.db)
  // What an import looks like once its job has failed for good: running, with no job.
  const stalled = await imports.createJob(company.id, {
    userId: user.id,
    source: 'phone',
    total: 2,
    validate: false,
    onlyNew: true,
  })
  await imports.insertRows(company.id, stalled.id, [
    {
      row: 1,
      name: 'Novo',
      number: '5511970000001',
      email: null,
      tagNames: [],
      status: null,
      reason: null,
    },
    {
      row: 2,
      name: 'Outro nome',
      number: existing.number,
      email: null,
      tagNames: [],
      status: null,
      reason: null,
    },
  ])
  const finished = await imports.createJob(company.id, {
    userId: user.id,
    source: 'rows',
    total: 0,
    validate: false,
    onlyNew: false,
  })
  await imports.finishJob(company.id, finished.id, {})

  await t.services.contactImports.resumeStalled()
  await waitFor(async () => {
    const [job] = await t.db
      .select()
      .from(contactImportJobs)
      .where(eq(contactImportJobs.id, stalled.id))
    return job!.status !== 'running'
  })

  const [job] = await t.db
    .select()
    .from(contactImportJobs)
    .where(eq(contactImportJobs.id, stalled.id))
  expect(job).toMatchObject({ status: 'done', processed: 2, created: 1, skipped: 1 })
  // onlyNew came from the stored import: the existing contact kept his name.
  const [kept] = await t.db.select().from(contacts).where(eq(contacts.id, existing.id))
  expect(kept!.name).toBe('Já cadastrado')
  const outcomes = await t.db
    .select({ row: contactImportRows.row, status: contactImportRows.status })
    .from(contactImportRows)
    .where(
      and(eq(contactImportRows.companyId, company.id), eq(contactImportRows.importId, stalled.id)),
    )
    .orderBy(contactImportRows.row)
  expect(outcomes).toEqual([
    { row: 1, status: 'created' },
    { row: 2, status: 'skipped' },
  ])
})
