#!/usr/bin/env bash
# npm run test:cluster: real shared services on loopback (PostgreSQL, Redis,
# Ceph radosgw as S3, haproxy) and three server instances behind haproxy,
# then checks a user would notice: a short link made through one instance
# opens through the others, the build rate is one budget across instances,
# anomaly models stay whole and builds keep succeeding when an instance is
# killed, an owner stalled is fenced (anomalyChecks.mts), /health reports the shared services and turns 503
# when one goes away. Prints "N passed, N
# failed"; exits non-zero on a failure; stops everything it started.
# Takes about a minute and a half on a busy 2-core machine (Ceph starts in ~10 s).
set -uo pipefail
cd "$(dirname "$0")/../.."
need=()
for pair in redis-server:redis-server haproxy:haproxy radosgw:radosgw ceph-mon:ceph-mon ceph-osd:ceph-osd; do
  command -v "${pair%%:*}" >/dev/null || need+=("${pair##*:}")
done
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

DIR=$(mktemp -d /tmp/pith-cluster.XXXXXX)
BASE=$((20000 + RANDOM % 20000))
REDIS=$BASE; MON=$((BASE + 1)); RGW=$((BASE + 2)); LB=$((BASE + 3)); PG=$((BASE + 4))
LEASE_MS=3000
DB="postgres://postgres@127.0.0.1:$PG/postgres"
KEY=pithtest; SECRET=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
PIDS=()
cleanup() {
  # Each instance leads its own process group (setsid): npx and tsx start children.
  for p in "${PIDS[@]}"; do kill -- "-$p" 2>/dev/null; done
  for f in "$DIR"/*.pid "$DIR"/ceph/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
  [ -f "$DIR/pg/data/postmaster.pid" ] && kill -INT "$(head -1 "$DIR/pg/data/postmaster.pid")" 2>/dev/null
  sleep 1
  rm -rf "$DIR"
}
trap cleanup EXIT

pass=0; fail=0
check() { # name, then a command that succeeds when the check holds
  local name=$1; shift
  if "$@"; then pass=$((pass + 1)); echo "ok   $name"; else fail=$((fail + 1)); echo "FAIL $name"; fi
}

redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS" --save "" --appendonly no --dir "$DIR" \
  --pidfile "$DIR/redis.pid" >/dev/null
chmod 755 "$DIR"
bash scripts/cluster/postgres.sh "$DIR/pg" "$PG" || { echo "0 passed, 1 failed (PostgreSQL did not start)"; exit 1; }
bash scripts/cluster/ceph.sh "$DIR/ceph" "$MON" "$RGW" "$KEY" "$SECRET" || { echo "0 passed, 1 failed (ceph did not start)"; exit 1; }

cat >"$DIR/haproxy.cfg" <<CFG
global
  pidfile $DIR/haproxy.pid
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  retries 2
  option redispatch
backend servers
  balance hdr(X-Model)
  hash-type consistent
  option httpchk GET /health
  http-response set-header X-Served-By %[srv_name]
$(for i in 1 2 3; do echo "  server s$i 127.0.0.1:$((BASE + 10 + i)) check inter 1s"; done)
frontend web
  bind 127.0.0.1:$LB
  default_backend servers
CFG

for i in 1 2 3; do
  PORT=$((BASE + 10 + i)) HOST=127.0.0.1 S3_ENDPOINT="http://127.0.0.1:$RGW" S3_BUCKET=pith \
    S3_ACCESS_KEY_ID=$KEY S3_SECRET_ACCESS_KEY=$SECRET REDIS_URL="redis://127.0.0.1:$REDIS" \
    RATE_LIMIT_WASM_PER_MINUTE=3 TRUST_PROXY=1 ARTIFACT_DIR="$DIR/a$i" SHARE_DIR="$DIR/s$i" ANOMALY_HOME="$DIR/m$i" \
    ANOMALY_DATABASE_URL=$DB ANOMALY_ADVERTISE_URL="http://127.0.0.1:$((BASE + 10 + i))" ANOMALY_LEASE_MS=$LEASE_MS \
    ANOMALY_STREAM_PARTITIONS=4 \
    setsid npx tsx server/main.ts >"$DIR/server$i.log" 2>&1 &
  PIDS+=($!)
  disown # kill -9 of an instance is part of the checks: no "Killed" job notice
done
for i in 1 2 3; do
  for _ in $(seq 1 180); do curl -sf "http://127.0.0.1:$((BASE + 10 + i))/health" >/dev/null && break; sleep 1; done
done
haproxy -D -f "$DIR/haproxy.cfg"

port() { echo $((BASE + 10 + $1)); }
health_shared() { curl -s "http://127.0.0.1:$(port "$1")/health" | grep -q '"shared":{"s3":true,"redis":true}'; }
check "instance 1 /health: S3 and Redis answer" health_shared 1
check "instance 3 /health: S3 and Redis answer" health_shared 3

ID=$(curl -s -X POST -H 'content-type: application/json' --data '{"source":"fn main() {}"}' \
  "http://127.0.0.1:$(port 1)/share" | sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p')
opens() { curl -s "http://127.0.0.1:$(port "$1")/share/$ID" | grep -q 'fn main'; }
check "a short link made on instance 1 has an id" test -n "$ID"
check "it opens on instance 2" opens 2
check "it opens on instance 3" opens 3
check "it opens through haproxy" bash -c "curl -s http://127.0.0.1:$LB/share/$ID | grep -q 'fn main'"

build() { curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' --data '{}' \
  "http://127.0.0.1:$(port "$1")/build_wasm"; }
codes="$(build 1) $(build 2) $(build 3) $(build 1)"
check "build rate is one budget across instances: 3 allowed, the 4th (other instance) is a 429 ($codes)" \
  bash -c "[ \"\$(echo $codes | cut -d' ' -f4)\" = 429 ] && ! echo '$codes' | cut -d' ' -f1-3 | grep -q 429"

# The compile cache and downloads through S3. Each client below has its own
# address (X-Forwarded-For, trusted with TRUST_PROXY=1), so the rate budget
# spent above does not apply.
SRC="// build $RANDOM$RANDOM\\nfn main() {}"
wasm() { curl -s -X POST -H 'content-type: application/json' -H "x-forwarded-for: $2" \
  --data "{\"source\":\"$SRC\"}" "http://127.0.0.1:$(port "$1")/build_wasm"; }
shared_hits() { curl -s "http://127.0.0.1:$(port "$1")/health" | sed -n 's/.*"shared_hits":\([0-9]*\).*/\1/p'; }
# A native build (clang) stores its binary: its download_url is a route of the instance that built it.
URL=$(curl -s -X POST -H 'content-type: application/json' -H 'x-forwarded-for: 10.1.0.3' --data "{\"source\":\"$SRC\"}" \
  "http://127.0.0.1:$(port 1)/build" | sed -n 's/.*"binary_artifact":{[^}]*"download_url":"\([^"]*\)".*/\1/p')
wasm 1 10.1.0.1 >/dev/null
before=$(shared_hits 3); sleep 1 # the upload to S3 is not awaited by the build
wasm 3 10.1.0.2 >/dev/null
check "a repeated build on another instance is a cache hit from S3 (shared hits $before -> $(shared_hits 3))" \
  [ "$(shared_hits 3)" -gt "${before:-0}" ]
DL="http://127.0.0.1:$(port 2)/${URL#http*://*/}"
redirect=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "$DL")
echo "download $URL through instance 2: $redirect" >>"$DIR/downloads.log"
check "a download through another instance is a 302 to a signed S3 URL ($(echo "$redirect" | cut -c1-60)...)" \
  bash -c "echo '$redirect' | grep -q '^302 http://127.0.0.1:$RGW/pith/builds/.*X-Amz-Signature='"
SIGNED=${redirect#302 }
check "the signed URL downloads the executable" bash -c "curl -sf '$SIGNED' | head -c 4 | grep -q ELF"
TAMPERED=$(echo "$SIGNED" | sed 's/X-Amz-Signature=\(.\)/X-Amz-Signature=0\1/')
check "the signed URL with an edited signature is a 403" \
  bash -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' '$TAMPERED')\" = 403 ]"
check "an unknown build through an instance is a 404" bash -c \
  "[ \"\$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$(port 2)/download/0123456789abcdef0123456789abcdef/x.wasm)\" = 404 ]"

s3count=0
while read -r status name; do
  s3count=$((s3count + 1))
  check "$name" [ "$status" = ok ]
done < <(S3_ENDPOINT="http://127.0.0.1:$RGW" S3_BUCKET=pith S3_ACCESS_KEY_ID=$KEY S3_SECRET_ACCESS_KEY=$SECRET \
  npx tsx scripts/cluster/s3Checks.mts 2>>"$DIR/s3checks.log" | grep -E '^(ok|FAIL) ')

check "every S3 check ran (8 of $s3count; else see s3checks.log)" [ "$s3count" -eq 8 ]

pgcount=0
while read -r status name; do
  pgcount=$((pgcount + 1))
  check "$name" [ "$status" = ok ]
done < <(ANOMALY_DATABASE_URL=$DB npx tsx scripts/cluster/pgChecks.mts 2>>"$DIR/pgchecks.log" | grep -E '^(ok|FAIL) ')
check "every PostgreSQL store check ran (15 of $pgcount; else see pgchecks.log)" [ "$pgcount" -eq 15 ]

groups=$(for i in 1 2 3; do printf 'http://127.0.0.1:%s=%s,' "$(port "$i")" "${PIDS[$((i - 1))]}"; done)
ancount=0
while read -r status name; do
  ancount=$((ancount + 1))
  check "$name" [ "$status" = ok ]
done < <(LB="http://127.0.0.1:$LB" INSTANCES="${groups%,}" KEEP="http://127.0.0.1:$(port 2)" ANOMALY_DATABASE_URL=$DB \
  LEASE_MS=$LEASE_MS npx tsx scripts/cluster/anomalyChecks.mts 2>>"$DIR/anomalychecks.log" | grep -E '^(ok|FAIL) ')
check "every anomaly cluster check ran (10 of $ancount; else see anomalychecks.log)" [ "$ancount" -eq 10 ]
stcount=0
while read -r status name; do
  stcount=$((stcount + 1))
  check "$name" [ "$status" = ok ]
done < <(LB="http://127.0.0.1:$LB" REDIS_URL="redis://127.0.0.1:$REDIS" PARTITIONS=4 \
  npx tsx scripts/cluster/streamChecks.mts 2>>"$DIR/streamchecks.log" | grep -E '^(ok|FAIL) ')
check "every Redis Streams check ran (4 of $stcount; else see streamchecks.log)" [ "$stcount" -eq 4 ]
[ "$fail" -gt 0 ] && [ -n "${KEEP_LOGS:-}" ] && cp -r "$DIR" "$KEEP_LOGS"

kill "$(cat "$DIR/redis.pid")"; sleep 1
check "/health is 503 while Redis is down" \
  bash -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:$(port 2)/health)\" = 503 ]"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
