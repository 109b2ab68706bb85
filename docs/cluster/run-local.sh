#!/bin/sh
# Runs a whole cluster on this machine with one binary and no containers:
# three NATS nodes (ports 4222-4224) and two arcade front-ends (ports 2222
# and 2223) that share one host key. Ctrl-C stops everything.
#
#   sh docs/cluster/run-local.sh            # from the repository's root
#   ssh -p 2222 localhost    and    ssh -p 2223 localhost
set -eu
dir=${ARCADE_CLUSTER_DIR:-./.arcade-cluster}
mkdir -p "$dir"
go build -o "$dir/arcade" ./cmd/arcade
go build -o "$dir/arcadenats" ./cmd/arcadenats
bin="$dir/arcade"
trap 'kill 0' INT TERM EXIT
for i in 1 2 3; do
  routes=""
  for j in 1 2 3; do
    [ "$i" = "$j" ] || routes="$routes${routes:+,}nats-route://127.0.0.1:$((6221 + j))"
  done
  "$dir/arcadenats" -name "nats$i" -listen "127.0.0.1:$((4221 + i))" -cluster "127.0.0.1:$((6221 + i))" \
    -routes "$routes" -data "$dir/nats$i" &
done
sleep 2
nats=nats://127.0.0.1:4222,nats://127.0.0.1:4223,nats://127.0.0.1:4224
mkdir -p "$dir/front1" "$dir/front2"
"$bin" -listen 127.0.0.1:2222 -data "$dir/front1" -nats "$nats" -node-name front1 &
# The second front-end starts once the first made the host key, and uses it.
while [ ! -f "$dir/front1/host_ed25519" ]; do sleep 0.2; done
cp "$dir/front1/host_ed25519" "$dir/front2/host_ed25519"
"$bin" -listen 127.0.0.1:2223 -data "$dir/front2" -nats "$nats" -node-name front2 &
wait
