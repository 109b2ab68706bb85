#!/bin/sh
# Makes the TLS files of a private NATS cluster (nats-secure.conf): a
# certificate authority of its own, and one certificate that every NATS
# node presents, to the front-ends and to one another (good for server and
# client authentication: a route is both). Needs openssl.
#
#   sh docs/cluster/make-certs.sh DIR HOST...
#
# HOST: every host name and IP address that the front-ends and the other
# nodes dial a node by, e.g.  nats1 nats2 nats3  (docker-compose.yml) or
# n1.example.org n2.example.org n3.example.org 10.0.0.1 10.0.0.2 10.0.0.3.
# It writes, into DIR:
#   ca.pem         the CA's certificate: ARCADE_NATS_TLS_CA on every node,
#                  arcade -nats-ca on every front-end
#   ca-key.pem     the CA's private key: keep it off the nodes (only this
#                  script needs it, to sign more certificates)
#   node.pem       the nodes' certificate: ARCADE_NATS_TLS_CERT
#   node-key.pem   its private key: ARCADE_NATS_TLS_KEY (nodes only)
# When DIR already holds ca.pem it writes nothing (run it on every start);
# remove DIR to make new ones. ARCADE_CERTS_OWNER (user:group) is given
# node-key.pem, for nodes that run as another user; ARCADE_CERTS_DAYS is how
# long the nodes' certificate lasts [825].
set -eu
if [ $# -lt 2 ]; then
  echo "usage: sh make-certs.sh DIR HOST... (the names and addresses the NATS nodes are dialled by)" >&2
  exit 2
fi
dir=$1
shift
if [ -f "$dir/ca.pem" ]; then
  echo "make-certs: $dir already holds a CA; nothing written (remove $dir to make new certificates)"
  exit 0
fi
sans=""
for host in "$@"; do
  case $host in
    *:*) kind=IP ;;        # IPv6
    *[!0-9.]*) kind=DNS ;; # a host name
    *) kind=IP ;;          # IPv4
  esac
  sans="$sans${sans:+,}$kind:$host"
done
mkdir -p "$dir"
umask 077
work=$(mktemp -d "$dir/.make-certs.XXXXXX") # on DIR's file system: the files move in whole
trap 'rm -rf "$work"' EXIT
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/ca-key.pem"
openssl req -x509 -new -key "$work/ca-key.pem" -subj "/CN=arcade NATS cluster CA" -days 3650 \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -out "$work/ca.pem"
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/node-key.pem"
openssl req -new -key "$work/node-key.pem" -subj "/CN=arcade NATS node" -out "$work/node.csr"
cat >"$work/node.ext" <<EOF
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth,clientAuth
subjectAltName = $sans
EOF
openssl x509 -req -in "$work/node.csr" -CA "$work/ca.pem" -CAkey "$work/ca-key.pem" \
  -set_serial "0x$(openssl rand -hex 16)" -days "${ARCADE_CERTS_DAYS:-825}" -extfile "$work/node.ext" \
  -out "$work/node.pem"
chmod 644 "$work/ca.pem" "$work/node.pem"
chmod 600 "$work/ca-key.pem" "$work/node-key.pem"
[ -z "${ARCADE_CERTS_OWNER:-}" ] || chown "$ARCADE_CERTS_OWNER" "$work/node-key.pem"
# ca.pem last: its presence says the set is whole.
for f in ca-key.pem node-key.pem node.pem ca.pem; do
  mv "$work/$f" "$dir/$f"
done
echo "make-certs: wrote $dir/ca.pem, ca-key.pem, node.pem and node-key.pem for $sans"
