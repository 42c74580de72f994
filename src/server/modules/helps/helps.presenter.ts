import type { HelpDto } from '@shared/contracts/helps'
import type { HelpRow } from './helps.table'

export const presentHelp = (row: HelpRow): HelpDto => ({
  id: row.id,
  title: row.title,
  description: row.description,
  video: row.video,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})
