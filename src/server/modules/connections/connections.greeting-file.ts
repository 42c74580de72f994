import type { MediaService } from '../media/media.service'

/** What releasing a greeting file needs: the media store, and whether a message shows the file. */
export interface GreetingFiles {
  media: Pick<MediaService, 'remove'>
  fileShown: (companyId: number, path: string) => Promise<boolean>
}

/**
 * Removes a greeting file its connection no longer uses, unless greetings already sent show it:
 * the bot's greeting messages share the connection's file rather than copy it.
 */
export async function releaseGreetingFile(
  files: GreetingFiles,
  companyId: number,
  path: string,
): Promise<void> {
  if (await files.fileShown(companyId, path)) return
  await files.media.remove(companyId, path)
}
