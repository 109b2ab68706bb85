#!/bin/sh
# Runs a whole cluster on this machine, with no containers: three NATS nodes
# and two arcade front-ends that share one host key, built from this
# repository. Ctrl-C (or SIGTERM, or closing its terminal) stops what it
# started, and nothing else.
#
#   sh docs/cluster/run-local.sh            # from anywhere
#   ssh -p 2222 localhost    and    ssh -p 2223 localhost
#
# Settings (environment variables, defaults in brackets):
#   ARCADE_LOCAL_SSH1, ARCADE_LOCAL_SSH2  the front-ends' SSH ports [2222, 2223]
#   ARCADE_LOCAL_NATS    the first NATS node's client port; the others take
#                        the next two [4222]
#   ARCADE_LOCAL_ROUTES  the first NATS node's cluster port; the others take
#                        the next two [6222]
#   ARCADE_CLUSTER_DIR   where the binaries, host key, tables and players go,
#                        kept for the next run [a new temporary directory,
#                        removed at the end]
set -eu
ssh1=${ARCADE_LOCAL_SSH1:-2222}
ssh2=${ARCADE_LOCAL_SSH2:-2223}
nats=${ARCADE_LOCAL_NATS:-4222}
routes=${ARCADE_LOCAL_ROUTES:-6222}
repo=$(cd "$(dirname "$0")/../.." && pwd)
if [ -n "${ARCADE_CLUSTER_DIR:-}" ]; then
  dir=$ARCADE_CLUSTER_DIR
  temp=""
  mkdir -p "$dir"
else
  dir=$(mktemp -d "${TMPDIR:-/tmp}/arcade-cluster.XXXXXX")
  temp=$dir
fi

pids=""
stop() {
  trap - HUP INT TERM EXIT
  [ -z "$pids" ] || kill $pids 2>/dev/null || true
  [ -z "$pids" ] || wait $pids 2>/dev/null || true
  [ -z "$temp" ] || rm -rf "$temp"
}
trap stop EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

echo "run-local: building into $dir"
(cd "$repo" && go build -o "$dir/arcade" ./cmd/arcade && go build -o "$dir/arcadenats" ./cmd/arcadenats)
for i in 0 1 2; do
  others=""
  for j in 0 1 2; do
    [ "$i" = "$j" ] || others="$others${others:+,}nats-route://127.0.0.1:$((routes + j))"
  done
  "$dir/arcadenats" -name "nats$((i + 1))" -listen "127.0.0.1:$((nats + i))" -cluster "127.0.0.1:$((routes + i))" \
    -routes "$others" -data "$dir/nats$((i + 1))" &
  pids="$pids $!"
done
urls=nats://127.0.0.1:$nats,nats://127.0.0.1:$((nats + 1)),nats://127.0.0.1:$((nats + 2))
mkdir -p "$dir/front1" "$dir/front2"
chmod 700 "$dir/front1" "$dir/front2"
"$dir/arcade" -listen "127.0.0.1:$ssh1" -data "$dir/front1" -nats "$urls" -node-name front1 &
front1=$!
pids="$pids $front1"
# The second front-end starts once the first made the host key, and uses it.
while [ ! -f "$dir/front1/host_ed25519" ]; do
  kill -0 "$front1" 2>/dev/null || { echo "run-local: the first front-end stopped" >&2; exit 1; }
  sleep 0.2
done
cp "$dir/front1/host_ed25519" "$dir/front2/host_ed25519"
"$dir/arcade" -listen "127.0.0.1:$ssh2" -data "$dir/front2" -nats "$urls" -node-name front2 &
pids="$pids $!"
echo "run-local: players connect with ssh -p $ssh1 localhost and ssh -p $ssh2 localhost; Ctrl-C stops the cluster"
wait
