/** What other features may use of quick messages: the keys, so the composer's replies follow changes. */
export { quickMessageQueries } from './queries'
