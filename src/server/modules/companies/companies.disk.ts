import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

export interface FolderUsage {
  size: number
  files: number
}

/** Bytes and regular files under `folder`, recursively; a missing folder is empty. */
export async function measureFolder(folder: string): Promise<FolderUsage> {
  let entries
  try {
    entries = await readdir(folder, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { size: 0, files: 0 }
    throw error
  }
  const usage: FolderUsage = { size: 0, files: 0 }
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
