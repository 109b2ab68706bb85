# syntax=docker/dockerfile:1

# Build a static binary.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/arcade ./cmd/arcade \
 && CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/arcadenats ./cmd/arcadenats \
 && mkdir -p /out/data

# Run it as a non-root user (distroless "nonroot" is uid/gid 65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/arcade /arcade
# A node of the NATS cluster that a cluster of arcade servers shares
# (docs/cluster): run the image with --entrypoint /arcadenats.
COPY --from=build /out/arcadenats /arcadenats
# The data directory holds the host key: keep it in a volume so the key, and
# so the server's identity, survive upgrades. A named volume starts as a copy
# of this directory, owned by nonroot; a bind mount must be writable by 65532.
COPY --from=build --chown=65532:65532 --chmod=700 /out/data /data
# Metrics on loopback inside the container, for the health check below;
# set ARCADE_METRICS=0.0.0.0:9100 (and publish 9100) to scrape them.
ENV ARCADE_DATA=/data \
    ARCADE_LISTEN=:2222 \
    ARCADE_METRICS=127.0.0.1:9100
VOLUME ["/data"]
EXPOSE 2222
USER 65532:65532
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/arcade", "health"]
ENTRYPOINT ["/arcade"]
