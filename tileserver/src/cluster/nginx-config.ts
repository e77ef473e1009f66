// nginx in front of the cluster: parcel tiles to the tile processes (round robin, shared proxy_cache,
// a failed upstream retried on the other), everything else to the app on the primary.

export interface NginxOptions {
  dir: string;
  port: number;
  appPort: number;
  tilePorts: number[];
  user?: string;
  /** A second listener with the same routes but no proxy_cache (the benchmark's cold cells). */
  uncachedPort?: number;
}

export function nginxConfig(o: NginxOptions): string {
  return `# Written by npm run cluster (tileserver/src/cluster/nginx-config.ts)
${o.user ? `user ${o.user};` : ''}
worker_processes 1;
pid ${o.dir}/nginx.pid;
error_log ${o.dir}/error.log warn;
events { worker_connections 4096; }
http {
  log_format upstream '$remote_addr "$request" $status $body_bytes_sent cache=$upstream_cache_status upstream=$upstream_addr';
  access_log ${o.dir}/access.log upstream buffer=64k flush=1s;
  client_body_temp_path ${o.dir}/tmp/body;
  proxy_temp_path ${o.dir}/tmp/proxy;
  fastcgi_temp_path ${o.dir}/tmp/fastcgi;
  uwsgi_temp_path ${o.dir}/tmp/uwsgi;
  scgi_temp_path ${o.dir}/tmp/scgi;
  # The shared tile cache. Tile URLs carry the data version (v=) and the token, so a reload changes
  # every key: nothing is purged, old entries age out.
  proxy_cache_path ${o.dir}/cache levels=1:2 keys_zone=tiles:64m max_size=2g inactive=1h use_temp_path=off;

  upstream tiles {
${o.tilePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  upstream app {
    server 127.0.0.1:${o.appPort};
    keepalive 16;
  }

${serverBlock(o, o.port, true)}${o.uncachedPort ? serverBlock(o, o.uncachedPort, false) : ''}}
`;
}

const cacheLines = `      proxy_cache tiles;
      proxy_cache_key $scheme$http_host$request_uri;
      proxy_cache_valid 200 204 1h;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 30s;
`;

function serverBlock(o: NginxOptions, port: number, cached: boolean): string {
  return `  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    # The app believes X-Forwarded-For only from TRUSTED_PROXIES (loopback by default) and takes the
    # right-most address nginx did not vouch for, so a client's own X-Forwarded-For picks no bucket.
    # Host goes on unchanged: links never come from it (PUBLIC_URL, config.ts linkOrigin).
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;

    location ~ ^/api/v1/parcels/[0-9]+/[0-9]+/[0-9]+(\\.mvt)?$ {
      proxy_pass http://tiles;
      # Parcel tiles are public under their token: no cookie reaches them or varies the cache.
      proxy_set_header Cookie "";
${cached ? cacheLines : '      proxy_cache off;\n'}      # A tile process that dies or refuses: the request goes to the other one (tiles are GETs).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 1s;
      proxy_read_timeout 60s;
      add_header X-Cache-Status $upstream_cache_status always;
      add_header X-Upstream $upstream_addr always;
    }

    location / {
      proxy_pass http://app;
      proxy_read_timeout 120s;
      client_max_body_size 20m;
    }
  }
`;
}
