export { useFileListOptions, type FileListOptions } from './hooks/useFileListOptions'
