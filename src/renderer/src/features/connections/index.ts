export { connectionQueries } from './queries'
export { useConnectionsRealtime } from './realtime'
