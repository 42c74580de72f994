// `npm run dev`: the server with reload (tsx watch) and electron-vite's dev server for the
// renderer on :5173 (plus the desktop app when the Electron runtime is installed).
import { spawn } from 'node:child_process'
import { electronBinary } from './lib.mjs'

const port = process.env.PORT ?? '8080'
const serverEnv = {
  ...process.env,
  CORS_ORIGINS: process.env.CORS_ORIGINS ?? 'http://localhost:5173',
  WEB_ROOT: '',
}
const rendererEnv = { ...process.env, VITE_API_URL: `http://localhost:${port}` }
const children = [
  spawn('npx', ['--no-install', 'tsx', 'watch', 'src/server/cli.ts'], {
    stdio: 'inherit',
    env: serverEnv,
  }),
  spawn(
    'npx',
    ['--no-install', 'electron-vite', 'dev', ...(electronBinary() ? [] : ['--rendererOnly'])],
    {
      stdio: 'inherit',
      env: rendererEnv,
    },
  ),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
