// nginx (Debian's) in front of local server instances, for the two-instance end-to-end spec and
// the two-instance ingest bench: the reverse proxy of README's deployment recipe, with WebSocket
// upgrade, run unprivileged from a folder of its own.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Starts nginx on 127.0.0.1:`port` in front of `upstreams` (`{ port, backup }`: a backup one
 * gets requests only while the others fail). Resolves once it accepts connections; `stop()`
 * ends it. `onExit` hears an exit that `stop()` did not ask for.
 */
export async function startNginx({ port, upstreams, dir, onExit = () => undefined }) {
  mkdirSync(dir, { recursive: true })
  const servers = upstreams
    .map(
      (upstream) =>
        `    server 127.0.0.1:${upstream.port} max_fails=1 fail_timeout=30s${upstream.backup ? ' backup' : ''};`,
    )
    .join('\n')
  const config = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # WebSocket upgrade when asked; otherwise no Connection header, so upstream connections are kept.
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream atende {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 25m;
    location / {
      proxy_pass http://atende;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 75s;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`
  writeFileSync(join(dir, 'nginx.conf'), config)
  const nginx = spawn(process.env.NGINX_PATH ?? 'nginx', ['-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let stopping = false
  nginx.on('exit', (code) => {
    if (!stopping) onExit(code)
  })
  for (let listening = false; !listening;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`)
    listening = await fetch(`http://127.0.0.1:${port}/`)
      .then(() => true)
      .catch(() => false)
    if (!listening) await new Promise((done) => setTimeout(done, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      stopping = true
      nginx.kill('SIGTERM')
    },
  }
}
