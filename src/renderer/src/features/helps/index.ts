/** What other features may use: the operator's helps form and table. */
export { HelpsManager } from './components/HelpsManager'
