export { usePromptOptions, type PromptOptions } from './hooks/usePromptOptions'
