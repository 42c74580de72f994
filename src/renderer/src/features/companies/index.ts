/** What other features may use: the operator's companies and plans screens. */
export { CompaniesManager } from './components/CompaniesManager'
export { PlansManager } from './components/PlansManager'
