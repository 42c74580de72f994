import type { Executor } from '@server/db/client'
import type { MediaService } from '../media/media.service'
import { messagesRepository } from '../messages/messages.repository'

/**
 * Removes a greeting file its connection no longer uses, unless greetings already sent show it:
 * the bot's greeting messages share the connection's file rather than copy it.
 */
export async function releaseGreetingFile(
  db: Executor,
  media: Pick<MediaService, 'remove'>,
  companyId: number,
  path: string,
): Promise<void> {
  if (await messagesRepository(db).fileShared(companyId, path)) return
  await media.remove(companyId, path)
}
