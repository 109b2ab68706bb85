package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

func init() {
	commands["health"] = command{summary: "check a running server's /healthz (for Docker's HEALTHCHECK)", run: runHealth}
}

// runHealth asks the server's metrics listener (-metrics, ARCADE_METRICS)
// whether it is alive: exit 0 when /healthz answers 200, 1 otherwise. An
// image without a shell or curl can use it as its health check.
func runHealth(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	addr := getenv("ARCADE_METRICS")
	if len(args) > 0 {
		addr = args[0]
	}
	if addr == "" {
		fmt.Fprintln(stderr, "arcade: health needs the metrics address (arcade health HOST:PORT, or ARCADE_METRICS)")
		return 2
	}
	addr, err := metricsAddr(addr)
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 2
	}
	// A server listening on every interface answers on loopback too.
	if host, port, _ := net.SplitHostPort(addr); host == "0.0.0.0" || host == "::" {
		addr = net.JoinHostPort("127.0.0.1", port)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/healthz", nil)
	if err != nil {
		fmt.Fprintf(stderr, "arcade: %v\n", err)
		return 2
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(stderr, "arcade: unhealthy: %v\n", err)
		return 1
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<10))
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintf(stderr, "arcade: unhealthy: %s %s\n", resp.Status, strings.TrimSpace(string(body)))
		return 1
	}
	return 0
}
