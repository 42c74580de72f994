export { usePromptOptions } from './hooks/usePromptOptions'
