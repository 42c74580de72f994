export { useFlowOptions, type FlowOptions } from './hooks/useFlowOptions'
