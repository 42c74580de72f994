export { useIntegrationOptions } from './hooks/useIntegrationOptions'
