-- wrk script of the benchmark: walks a fixed tile list (one "z/x/y" per line in $BENCH_TILES) with the
-- path template $BENCH_PATH ({z}, {x}, {y}); each thread starts at its own offset and each new request
-- takes the next tile, so concurrent connections ask for different tiles. done() prints one JSON line.

local threads = {}
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local requests = {}
local position = 1

function init(args)
  local path = os.getenv("BENCH_PATH")
  local file = assert(io.open(os.getenv("BENCH_TILES"), "r"))
  wrk.headers["Accept-Encoding"] = os.getenv("BENCH_ACCEPT_ENCODING") or "gzip"
  for line in file:lines() do
    local z, x, y = line:match("^(%d+)/(%d+)/(%d+)$")
    if z then
      local p = path:gsub("{z}", z):gsub("{x}", x):gsub("{y}", y)
      table.insert(requests, wrk.format("GET", p))
    end
  end
  file:close()
  assert(#requests > 0, "empty tile list")
  local threadCount = tonumber(os.getenv("BENCH_THREADS") or "1")
  position = math.floor((id or 0) * #requests / threadCount) % #requests + 1
end

function request()
  local r = requests[position]
  position = position % #requests + 1
  return r
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"latencyUs":{"p50":%d,"p95":%d,"p99":%d,"mean":%.1f,"max":%d}}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.mean, latency.max))
end
