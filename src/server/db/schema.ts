/** Every table, for drizzle-kit and the query builder. */
export * from '../modules/plans/plans.table'
export * from '../modules/companies/companies.table'
export * from '../modules/queues/queues.table'
export * from '../modules/connections/connections.table'
export * from '../modules/users/users.table'
export * from '../modules/settings/settings.table'
export * from '../modules/auth/auth.table'
