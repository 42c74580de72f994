import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, externalizeDepsPlugin } from 'electron-vite'
import { pathAliases } from './path-aliases'
import { precompress } from './precompress-plugin'

// electron-vite reads Electron's major version from node_modules/electron to pick its build
// targets and throws when the optional binary package is missing (machines without internet):
// fall back to the version package.json asks for.
if (!existsSync(resolve('node_modules/electron/package.json'))) {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    optionalDependencies?: Record<string, string>
  }
  const major = /\d+/.exec(pkg.optionalDependencies?.electron ?? '')?.[0]
  if (major) process.env.ELECTRON_MAJOR_VER ??= major
}

/**
 * One build for the three Electron worlds. The renderer is a plain web app: `base: './'` lets the
 * same output load from the desktop app's files and from the server at `/`.
 */
const alias = pathAliases()

export default defineConfig({
  main: {
    plugins: [externalizeDepsPlugin()],
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    plugins: [externalizeDepsPlugin()],
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // A sandboxed preload cannot load ES modules.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    base: './',
    plugins: [react(), precompress()],
    resolve: { alias },
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves every world unminified by default; the web client is downloaded.
      minify: 'esbuild',
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        // A language's namespaces travel together: one request, not one per namespace.
        output: {
          manualChunks: (id) => {
            const language = /\/locales\/([^/]+)\/[^/]+\.json$/.exec(id)?.[1]
            return language ? `locale-${language}` : undefined
          },
        },
      },
    },
    server: { port: 5173 },
  },
})
