import { CSHOW_STORAGE_KEY } from '@shared/navigation'
import { readStorage } from '@renderer/lib/storage'

/** The campaign routes exist only when the local flag `cshow` does (002 §2.1); read at start. */
export const cshowEnabled = readStorage(CSHOW_STORAGE_KEY) !== null
