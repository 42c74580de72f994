import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { PLATFORM_COMPANY_DUE_DATE, PLATFORM_COMPANY_ID } from '@shared/constants'
import { COMPANY_SETTING_DEFAULTS } from '@shared/contracts/settings'
import { hashPassword } from '../lib/passwords'
import { companies } from '../modules/companies/companies.table'
import { plans } from '../modules/plans/plans.table'
import { companySettings } from '../modules/settings/settings.table'
import { users } from '../modules/users/users.table'
import type { Database } from './client'

export interface SeedResult {
  created: boolean
  adminEmail: string
  /** Only when it was generated: printed once by the caller, never stored in clear. */
  generatedPassword: string | null
}

/**
 * First start: the platform company (id 1, never expires), a default plan and the super user.
 * Runs under an advisory lock so two instances starting together seed once.
 */
export async function seedPlatform(
  db: Database,
  admin: { email: string; password: string | null; companyName?: string },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7263001)`)
    const [existing] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.id} = ${PLATFORM_COMPANY_ID}`)
    if (existing) return { created: false, adminEmail: admin.email, generatedPassword: null }

    const generatedPassword = admin.password ? null : randomBytes(12).toString('base64url')
    const [plan] = await tx
      .insert(plans)
      .values({
        name: 'Plano Padrão',
        users: 10,
        connections: 10,
        queues: 10,
        amount: '0',
        isPublic: true,
      })
      .returning()
    if (!plan) throw new Error('default plan was not created')
    await tx.insert(companies).values({
      id: PLATFORM_COMPANY_ID,
      name: admin.companyName ?? 'Atende',
      email: admin.email,
      planId: plan.id,
      dueDate: PLATFORM_COMPANY_DUE_DATE,
      recurrence: 'ANUAL',
    })
    // The explicit id above does not advance the sequence; later companies must start after it.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
    )
    await tx
      .insert(companySettings)
      .values({ companyId: PLATFORM_COMPANY_ID, ...COMPANY_SETTING_DEFAULTS })
    await tx.insert(users).values({
      companyId: PLATFORM_COMPANY_ID,
      name: 'Administrador',
      email: admin.email,
      passwordHash: await hashPassword(admin.password ?? generatedPassword ?? ''),
      profile: 'admin',
      super: true,
      showDashboard: 'enabled',
      allowRealTime: 'enabled',
      allowConnections: 'enabled',
      allTicket: 'enable',
      defaultMenu: 'open',
    })
    return { created: true, adminEmail: admin.email, generatedPassword }
  })
}
