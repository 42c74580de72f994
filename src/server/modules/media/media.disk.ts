import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'
import { AppError } from '@server/lib/app-error'
import type { MediaStorage, MediaUsage } from './media.storage'

/** Bytes and regular files under `folder`, recursively; a missing folder is empty. */
export async function measureFolder(folder: string): Promise<MediaUsage> {
  let entries
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { size: 0, files: 0 }
    throw error
  }
  const usage: MediaUsage = { size: 0, files: 0 }
  for (const entry of entries) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      const inner = await measureFolder(path)
      usage.size += inner.size
      usage.files += inner.files
    } else if (entry.isFile()) {
      usage.size += (await stat(path)).size
      usage.files += 1
    }
  }
  return usage
}

/** Media as files under `root/{companyId}/…` (`DATA_DIR/media`), readable by owner and group. */
export function createDiskStorage(root: string): MediaStorage {
  const companyRoot = (companyId: number) => join(root, String(companyId))

  const absolute = (companyId: number, relative: string) => {
    const folder = companyRoot(companyId)
    const path = normalize(join(folder, relative))
    if (!path.startsWith(folder + sep)) throw new AppError('ERR_NOT_FOUND')
    return path
  }

  return {
    // Beside its final place, so that `commit` is a rename on the same file system.
    stagingPath: (companyId, folder, id) => absolute(companyId, `${folder}/.${id}.part`),

    async commit(staged, companyId, relative) {
      await rename(staged, absolute(companyId, relative))
    },

    async write(companyId, relative, content) {
      const path = absolute(companyId, relative)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, content, { mode: 0o640 })
    },

    async read(companyId, relative) {
      const path = absolute(companyId, relative)
      try {
        return (await stat(path)).isFile() ? { path } : null
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT' || code === 'ENOTDIR') return null
        throw error
      }
    },

    async remove(companyId, relative) {
      await rm(absolute(companyId, relative), { force: true })
    },

    async removeCompany(companyId) {
      await rm(companyRoot(companyId), { recursive: true, force: true })
    },

    usage: (companyId) => measureFolder(companyRoot(companyId)),
  }
}
