// The React refresh preamble as a module: the CSP refuses the inline script Vite would inject.
import '@vitejs/plugin-react/preamble'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { loadInitialLanguage } from './lib/i18n'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

// The first screen is drawn in its language; the texts are fetched while the modules start.
await loadInitialLanguage()

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
